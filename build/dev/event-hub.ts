import { randomUUID } from 'node:crypto';
import type http from 'node:http';

/** Server-sent events to every open tab. */
export class EventHub {
  /** Changes when the server restarts, so tabs of an earlier server reload. */
  readonly id = randomUUID();
  private readonly clients = new Set<http.ServerResponse>();
  private readonly keepAlive = setInterval(() => {
    for (const client of this.clients) client.write(': ping\n\n');
  }, 15_000).unref();

  connect(request: http.IncomingMessage, response: http.ServerResponse, hello: object, buildError?: object): void {
    response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    response.write('retry: 1000\n\n');
    response.write(frame('hello', hello));
    if (buildError) response.write(frame('build-error', buildError));
    this.clients.add(response);
    request.on('close', () => this.clients.delete(response));
  }

  send(event: string, data: object): void {
    const message = frame(event, data);
    for (const client of this.clients) client.write(message);
  }

  close(): void {
    clearInterval(this.keepAlive);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}

function frame(event: string, data: object): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
