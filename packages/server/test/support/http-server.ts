import http from 'node:http';

// A real HTTP server on a free port, standing in for the provider in tests.

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
}

export interface TestHttpServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type TestHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export async function startHttpServer(handler: TestHandler): Promise<TestHttpServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((request, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
    });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('test server has no TCP port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
