import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import type { ServerConfig } from './config';

export interface RunningServer {
  /** Where the app answers, such as http://127.0.0.1:8080. */
  url: string;
  close(): Promise<void>;
}

function urlOf(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Builds the app (migrations included) and listens on the configured host and port. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const app = await buildApp(config);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    await app.close();
    throw new Error('The server is not listening on a TCP port');
  }
  return { url: urlOf(address), close: () => app.close() };
}
