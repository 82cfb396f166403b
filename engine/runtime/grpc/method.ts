/**
 * A method found in a set of descriptors: its call path, kind, and how its messages turn into bytes and back.
 * Messages are JSON with the field names as written in the proto (lowerCamelCase is accepted on the way in, top
 * level); 64-bit integers and enums as strings and every field present (defaults included), as k6 (protojson) shows them.
 */
import type protobuf from 'protobufjs';
import { grpcPackages } from '../protocol-packages.ts';

export type RpcType = 'unary' | 'server-stream' | 'client-stream' | 'bidi';

export interface GrpcMethod {
  /** `/package.Service/Method`, as it goes on the wire. */
  path: string;
  rpcType: RpcType;
  serialize: (message: unknown) => Buffer;
  deserialize: (bytes: Buffer) => unknown;
}

/** A message that does not fit its type: the message says which field. */
export class MessageError extends Error {}

/** The method is not in the descriptors: the message names what is there. */
export class UnknownMethodError extends Error {}

const TO_OBJECT: protobuf.IConversionOptions = {
  longs: String,
  enums: String,
  bytes: String,
  defaults: true,
  arrays: true,
  objects: true,
  oneofs: false,
  json: true,
};

/** Every service of a root, by full name (without the leading dot). */
export function servicesOf(root: protobuf.Root): protobuf.Service[] {
  const out: protobuf.Service[] = [];
  const pb = grpcPackages().protobuf;
  const walk = (ns: protobuf.NamespaceBase): void => {
    for (const o of ns.nestedArray) {
      if (o instanceof pb.Service) out.push(o);
      if (o instanceof pb.Namespace || o instanceof pb.Type || o instanceof pb.Service) walk(o);
    }
  };
  walk(root);
  return out;
}

/** The kind of call a method's streaming flags make. */
export function rpcTypeOf(m: protobuf.Method): RpcType {
  if (m.requestStream) return m.responseStream ? 'bidi' : 'client-stream';
  return m.responseStream ? 'server-stream' : 'unary';
}

const fullName = (o: protobuf.ReflectionObject): string => o.fullName.replace(/^\./, '');

/** The method `package.Service/Method` of `root`; UnknownMethodError names the services (or methods) there are. */
export function findMethod(root: protobuf.Root, written: string, where: string): GrpcMethod {
  const [serviceName, methodName] = written.split('/') as [string, string];
  const services = servicesOf(root);
  const service = services.find((s) => fullName(s) === serviceName);
  if (service === undefined) {
    const names = services.map(fullName);
    throw new UnknownMethodError(
      `service ${serviceName} is not in ${where}; ${names.length ? `it has ${names.join(', ')}` : 'it defines no service'}`,
    );
  }
  const m = service.methods[methodName];
  if (m === undefined) {
    throw new UnknownMethodError(
      `service ${serviceName} has no method ${methodName}; its methods are ${Object.keys(service.methods).join(', ') || 'none'}`,
    );
  }
  m.resolve();
  const req = m.resolvedRequestType as protobuf.Type;
  const res = m.resolvedResponseType as protobuf.Type;
  return {
    path: `/${serviceName}/${methodName}`,
    rpcType: rpcTypeOf(m),
    serialize: (message) => {
      try {
        return Buffer.from(req.encode(req.fromObject(checked(req, message))).finish());
      } catch (e) {
        throw e instanceof MessageError
          ? e
          : new MessageError(`the message is not a valid ${fullName(req)}: ${(e as Error).message}`);
      }
    },
    deserialize: (bytes) => res.toObject(res.decode(bytes), TO_OBJECT),
  };
}

const found = new WeakMap<protobuf.Root, Map<string, GrpcMethod>>();

/**
 * findMethod once per root and method: a step that reflects asks for its method on every call, from the root the
 * worker keeps per server (channels.ts), and should not walk the descriptors and build the method again each time.
 */
export function reflectedMethod(root: protobuf.Root, written: string, where: string): GrpcMethod {
  let mine = found.get(root);
  if (mine === undefined) {
    mine = new Map();
    found.set(root, mine);
  }
  let m = mine.get(written);
  if (m === undefined) {
    m = findMethod(root, written, where);
    mine.set(written, m);
  }
  return m;
}

/** The message as protobufjs takes it: a lowerCamelCase name becomes the proto's snake_case one; a field the type
 * does not have is an error (protobufjs would drop it silently). Top-level fields only. */
function checked(type: protobuf.Type, message: unknown): Record<string, unknown> {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    throw new MessageError(
      `the message must be a JSON object (a ${fullName(type)}), not ${Array.isArray(message) ? 'a list' : JSON.stringify(message)}`,
    );
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(message)) {
    const name = k in type.fields ? k : k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!(name in type.fields))
      throw new MessageError(
        `${fullName(type)} has no field ${k}; its fields are ${Object.keys(type.fields).join(', ') || 'none'}`,
      );
    out[name] = v;
  }
  return out;
}
