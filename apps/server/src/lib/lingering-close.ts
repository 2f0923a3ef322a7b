import type { Socket } from 'node:net';

// An answer sent before the request has all arrived (a body over the limit) closes the
// connection. Node then destroys the socket as soon as the answer is written; bytes the client
// is still sending arrive at a closed socket, and the kernel answers them with a reset: the
// client's write fails and most clients report that instead of reading the answer waiting in
// their buffer. A lingering close (as nginx does) ends our side after the answer and reads and
// drops what still comes, until the client closes its side or a bound is reached.

/** At most this long, and this many further bytes, per connection. */
const LINGER = { ms: 5_000, bytes: 64 * 1024 * 1024 } as const;

/**
 * Makes the socket close gracefully once the answer in progress is written: Node's HTTP server
 * calls `destroySoon` for an answer with `Connection: close`, and this socket's own replaces it.
 */
export function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.writable) this.end(); // our side is done: the answer, then FIN
    const readBefore = this.bytesRead;
    const stop = (): void => void this.destroy();
    const timer = setTimeout(stop, LINGER.ms);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', stop); // the client read the answer and closed its side
    this.on('data', () => {
      if (this.bytesRead - readBefore > LINGER.bytes) stop();
    });
    this.resume();
  };
}
