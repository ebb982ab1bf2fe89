// A free loopback TCP port, for the servers, clusters and products that tests and benchmarks
// start beside whatever else runs on the machine. Plain JavaScript with no dependency, so the
// commands that run before anything is installed (system-deps.mjs) use it too.
import { createServer } from 'node:net';

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
