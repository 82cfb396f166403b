/** protobufjs's reflection API without its .proto parser: our messages are declared as JSON descriptors. */
import protobuf from 'protobufjs/light.js';

export type MessageType = protobuf.Type;

/** The named message types of a JSON descriptor (field numbers exactly as in the protocol's .proto files). */
export function messageTypes<N extends string>(
  descriptor: protobuf.INamespace,
  names: readonly N[],
): Record<N, MessageType> {
  const root = protobuf.Root.fromJSON(descriptor);
  return Object.fromEntries(names.map((n) => [n, root.lookupType(n)])) as Record<N, MessageType>;
}

/** Encodes a plain object shaped like the message (no copy through fromObject: these are built by our code). */
export function encodeMessage(type: MessageType, value: object): Uint8Array {
  return type.encode(value).finish();
}
