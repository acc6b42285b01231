import 'ws';

declare module 'ws' {
  /**
   * ws's frame writer. Its static `frame` is public so that a broadcast can frame a message once
   * (ws pull request 1016); @types/ws does not declare it.
   */
  export class Sender {
    /** The buffers of one frame of `data`: the header, then the payload (unmasked: one more). */
    static frame(
      data: Buffer,
      options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
    ): Buffer[];
  }
}
