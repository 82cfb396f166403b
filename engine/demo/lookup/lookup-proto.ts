/**
 * The lookup service of the demo server (`loadsmith demo-server`) as a .proto: a record by a phone-number-like key,
 * as in the study that load-tested one lookup over HTTP/1.1, HTTP/2 and gRPC. Kept as text so the single-file
 * runner carries it; `loadsmith demo-server --print-proto` writes it out for plans that use protos.
 */
export const LOOKUP_PROTO = `syntax = "proto3";

package lookup;

// A record by a phone-number-like key (10 digits, e.g. 0754952794).
service Lookup {
  // One record.
  rpc Get (LookupRequest) returns (Record);
  // count records (default 3), for the phone number and the ones after it.
  rpc Watch (LookupRequest) returns (stream Record);
  // The records of every phone number sent, when the client has sent them all.
  rpc Collect (stream LookupRequest) returns (Batch);
  // One record per request, as the requests come.
  rpc Chat (stream LookupRequest) returns (stream Record);
}

message LookupRequest {
  string phone = 1;
  int32 count = 2;
}

message Record {
  string phone = 1;
  string name = 2;
  string city = 3;
  int64 id = 4;
}

message Batch {
  repeated Record records = 1;
  int32 count = 2;
}
`;
