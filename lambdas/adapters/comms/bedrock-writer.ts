// The Amazon Bedrock post writer (AWS): one Converse call per closure with a prompt that keeps to
// the closure's facts. The model id comes from CDK context (BEDROCK_MODEL_ID).
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { MAX_POST_LENGTH, type ClosureFacts } from '../../core/comms/tasks';
import { promptFor, templateWriter, type PostWriter } from '../../core/comms/writer';

let client: BedrockRuntimeClient | undefined;

export function bedrockWriter(modelId: string): PostWriter {
  return {
    name: `bedrock:${modelId}`,
    async write(facts: ClosureFacts) {
      client ??= new BedrockRuntimeClient({});
      const response = await client.send(
        new ConverseCommand({
          modelId,
          messages: [{ role: 'user', content: [{ text: promptFor(facts) }] }],
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
