import net from 'node:net';

// The sales measure's HTTP client: one kept-alive socket per till, a request written as one string and an answer read
// only as far as its status and length, as load generators do (autocannon, wrk). The tills are other machines in a
// shop; here they share the server's two cores, and node:http's client spent ~0.3 ms a sale building request and
// response objects, as much as the server's own HTTP handling.

export interface LeanConnection {
  /** POSTs a JSON body; resolves with the answer's status and body. One request at a time per connection. */
  post: (path: string, headers: Record<string, string>, body: string) => Promise<{ status: number; body: string }>;
  close: () => void;
}

export async function leanConnection(host: string, port: number): Promise<LeanConnection> {
  const socket = net.connect({ host, port, noDelay: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = Buffer.alloc(0);
  let waiting:
    | { resolve: (answer: { status: number; body: string }) => void; reject: (err: Error) => void }
    | undefined;

  socket.on('data', (chunk: Buffer) => {
    received = received.length ? Buffer.concat([received, chunk]) : chunk;
    const headEnd = received.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = received.subarray(0, headEnd).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
    // The server answers JSON with its length, never chunked: anything else is a bench error, not a slow answer.
    if (!Number.isInteger(length)) return fail(new Error(`answer without a length: ${head}`));
    const end = headEnd + 4 + length;
    if (received.length < end) return;
    const answer = { status: Number(head.slice(9, 12)), body: received.subarray(headEnd + 4, end).toString('utf8') };
    received = received.subarray(end);
    const request = waiting;
    waiting = undefined;
    request?.resolve(answer);
  });
  const fail = (err: Error) => {
    const request = waiting;
    waiting = undefined;
    request?.reject(err);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('the server closed the connection')));

  return {
    post: (path, headers, body) =>
      new Promise((resolve, reject) => {
        if (waiting) return reject(new Error('one request at a time on a lean connection'));
        waiting = { resolve, reject };
        const lines = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)) }).map(
          ([name, value]) => `${name}: ${value}\r\n`,
        );
        socket.write(`POST ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\n${lines.join('')}\r\n${body}`);
      }),
    close: () => socket.destroy(),
  };
}
