// The limit the portal is compared with: a bare node:http server in its own process answering
// the same bytes (status, content type, body) the portal answered for each URL, nothing else.
// Started by throughput.mjs as `node bare-server.mjs <answers.json> <port>`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [answersFile, port] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(answersFile, 'utf8'))).map(([url, a]) => [
    url,
    { status: a.status, headers: { 'content-type': a.contentType }, body: Buffer.from(a.body, 'base64') },
  ]),
);

createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers).end(answer.body);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
