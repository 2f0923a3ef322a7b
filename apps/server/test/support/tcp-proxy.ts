import { createServer, Socket, type Server } from 'node:net';

// A TCP proxy the test runs in its own process, in front of a server it must not stop (the
// shared PostgreSQL): `pause` holds every byte (a server that stopped answering), `cut` drops
// every connection and refuses new ones (a server that is gone); `restore` undoes either.

export interface TcpProxy {
  port: number;
  pause(): void;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

type State = 'open' | 'paused' | 'cut';

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let state: State = 'open';
  const pairs = new Set<[Socket, Socket]>();
  const held: Array<() => void> = [];

  const flow = ([client, upstream]: [Socket, Socket]): void => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const hold = ([client, upstream]: [Socket, Socket]): void => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };

  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (state === 'cut') return void client.destroy();
    const connect = (): void => {
      if (state === 'cut' || client.destroyed) return void client.destroy();
      const upstream = new Socket();
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.connect(targetPort, targetHost);
      const pair: [Socket, Socket] = [client, upstream];
      pairs.add(pair);
      const forget = (): void => void pairs.delete(pair);
      client.once('close', () => {
        upstream.destroy();
        forget();
      });
      upstream.once('close', () => {
        client.destroy();
        forget();
      });
      flow(pair);
    };
    if (state === 'paused') held.push(connect);
    else connect();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    pause() {
      state = 'paused';
      // Unpiping stops the flow both ways; the bytes wait in the kernel as with a stopped server.
      for (const pair of pairs) hold(pair);
    },
    cut() {
      state = 'cut';
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      for (const connect of held.splice(0)) connect();
    },
    restore() {
      state = 'open';
      for (const pair of pairs) flow(pair);
      for (const connect of held.splice(0)) connect();
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
