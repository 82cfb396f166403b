/**
 * A method's input message as the designer shows it: each field with its proto name, type and, for a message field,
 * its own fields (a few levels deep; a recursive type stops where it repeats). Pure data, so it crosses the contract.
 */
import type protobuf from 'protobufjs';
import { grpcPackages } from '../protocol-packages.ts';

/** One field of a message. `type` is the proto type (`string`, `int64`, `lookup.Record`, ...). */
export interface GrpcField {
  /** The name as written in the proto (what responses show and what the message may use). */
  name: string;
  /** lowerCamelCase, also accepted in a message. */
  jsonName: string;
  type: string;
  kind: 'scalar' | 'enum' | 'message';
  repeated: boolean;
  map: boolean;
  /** Enum fields: the value names. */
  values?: string[];
  /** Message fields (and maps of messages): their fields. Absent past the depth limit or on a cycle. */
  fields?: GrpcField[];
}

const MAX_DEPTH = 4;

const nameOf = (o: protobuf.ReflectionObject): string => o.fullName.replace(/^\./, '');

/** The fields of `type`, nested message fields down to a few levels. */
export function fieldsOf(type: protobuf.Type, seen: readonly string[] = []): GrpcField[] {
  const here = [...seen, nameOf(type)];
  return type.fieldsArray.map((f) => {
    f.resolve();
    const out: GrpcField = {
      name: f.name,
      jsonName: f.name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
      type: f.type,
      kind: 'scalar',
      repeated: f.repeated,
      map: f.map,
    };
    const t = f.resolvedType;
    if (t instanceof grpcPackages().protobuf.Enum) {
      out.kind = 'enum';
      out.type = nameOf(t);
      out.values = Object.keys(t.values);
    } else if (t instanceof grpcPackages().protobuf.Type) {
      out.kind = 'message';
      out.type = nameOf(t);
      if (here.length < MAX_DEPTH && !here.includes(nameOf(t))) out.fields = fieldsOf(t, here);
    }
    return out;
  });
}
