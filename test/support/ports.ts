import net from 'node:net';

/**
 * A TCP port free on 127.0.0.1 at this moment: the system picks one for a throwaway listener.
 * For local stacks and servers a test or bench starts on ports of its own.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
