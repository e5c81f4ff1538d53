// An AWS SDK client made once per process and reused by every invocation, made again only when
// the environment names another endpoint. In Lambda the environment never changes, so this is
// the usual module-scope client. Locally one process can start and stop several stacks in turn
// (`npm run bench` runs each section on its own DynamoDB Local and s3rver): a client kept from a
// stopped stack would keep sending to its closed port.
export function clientPerEndpoint<Client>(endpointOf: () => string | undefined, create: (endpoint: string | undefined) => Client): () => Client {
  let made: { endpoint: string | undefined; client: Client } | undefined;
  return () => {
    const endpoint = endpointOf();
    if (!made || made.endpoint !== endpoint) made = { endpoint, client: create(endpoint) };
    return made.client;
  };
}
