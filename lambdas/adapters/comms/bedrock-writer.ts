// The Amazon Bedrock post writer (AWS): one Converse call per closure, the instructions as its
// system prompt and the closure's facts as a delimited block of untrusted data. The model id
// comes from CDK context (BEDROCK_MODEL_ID).
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { MAX_POST_LENGTH, type ClosureFacts } from '../../core/comms/tasks';
import { promptFor, templateWriter, type PostWriter } from '../../core/comms/writer';

let client: BedrockRuntimeClient | undefined;

export function bedrockWriter(modelId: string): PostWriter {
  return {
    name: `bedrock:${modelId}`,
    async write(facts: ClosureFacts) {
      client ??= new BedrockRuntimeClient({});
      const prompt = promptFor(facts);
      const response = await client.send(
        new ConverseCommand({
          modelId,
          system: [{ text: prompt.system }],
          messages: [{ role: 'user', content: [{ text: prompt.user }] }],
          inferenceConfig: { maxTokens: 400, temperature: 0.2 },
        }),
      );
      const text = response.output?.message?.content?.map((part) => part.text ?? '').join('').trim();
      if (!text) throw new Error('The writing service returned no text');
      // The link is the one fact a post must carry; add it if the model dropped it.
      const withLink = text.includes(facts.link) ? text : `${text}\n${facts.link}`;
      return withLink.slice(0, MAX_POST_LENGTH);
    },
  };
}

/** Bedrock where the deployment configured it (CONTENT_WRITER=bedrock), else the template writer. */
export function configuredWriter(): PostWriter {
  const modelId = process.env.BEDROCK_MODEL_ID;
  return process.env.CONTENT_WRITER === 'bedrock' && modelId ? bedrockWriter(modelId) : templateWriter;
}
