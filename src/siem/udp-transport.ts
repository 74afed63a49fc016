import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';

/** Sends datagrams to one collector; re-opens its socket when the address family changes. */
export class UdpTransport {
  #socket: Socket | undefined;
  #family: 'udp4' | 'udp6' | undefined;

  send(datagram: Buffer, host: string, port: number): Promise<void> {
    const family = isIPv6(host) ? 'udp6' : 'udp4';
    if (!this.#socket || this.#family !== family) {
      this.#socket?.close();
      this.#socket = createSocket(family);
      // A missing collector answers with ICMP errors that surface here; sends report them anyway.
      this.#socket.on('error', () => {});
      this.#socket.unref();
      this.#family = family;
    }
    const socket = this.#socket;
    return new Promise((resolve, reject) => socket.send(datagram, port, host, (error) => (error ? reject(error) : resolve())));
  }

  close(): void {
    this.#socket?.close();
    this.#socket = undefined;
  }
}
