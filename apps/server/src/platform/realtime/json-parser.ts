/**
 * The Redis adapter's messages between instances as JSON text instead of its default MessagePack (`notepack.io`).
 * Every realtime event is JSON already (DTOs, ids, flags; no binary attachments: files travel by URL), and V8 parses
 * JSON natively, where notepack's decoder, written in JavaScript, was the instances' largest single function while
 * they relayed chat messages (bench/HISTORY.md, "The chat's CPU per message").
 */
export const jsonAdapterParser = {
  encode: (message: unknown): string => JSON.stringify(message),
  decode: (message: Buffer | string): unknown => JSON.parse(message.toString()),
};
