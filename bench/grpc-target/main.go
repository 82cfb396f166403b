// A minimal gRPC target for benchmarks: lookup.Lookup/Get (plans/examples/protos/lookup.proto) over plaintext
// HTTP/2 on 127.0.0.1, answering every call at once with the same Record, so the load generator is the thing being
// measured. bench/run starts it pinned to one core: GOMAXPROCS=1 taskset -c 0 grpc-target -addr 127.0.0.1:PORT.
// With -stats ADDR it also serves GET /count (calls answered so far, as text) on a loopback HTTP listener, as
// bench/target does, for the generator's CPU per call over the steady part of a run.
//
// No generated code: messages stay bytes (a pass-through codec). The request is checked to be well-formed protobuf
// with the phone field set (a generator that sent nothing, or garbage, gets INVALID_ARGUMENT and shows as errors);
// the response is one Record encoded once at start-up.
package main

import (
	"context"
	"flag"
	"log"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"
)

// rawCodec hands a handler the message bytes as they came and writes the bytes it returns as they are.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) { return *(v.(*[]byte)), nil }
func (rawCodec) Unmarshal(data []byte, v any) error {
	*(v.(*[]byte)) = data
	return nil
}
func (rawCodec) Name() string { return "proto" }

// record is lookup.Record{phone: "0754952794", name: "Ada Lovelace", city: "London", id: 42}.
func record() []byte {
	var b []byte
	b = protowire.AppendTag(b, 1, protowire.BytesType)
	b = protowire.AppendString(b, "0754952794")
	b = protowire.AppendTag(b, 2, protowire.BytesType)
	b = protowire.AppendString(b, "Ada Lovelace")
	b = protowire.AppendTag(b, 3, protowire.BytesType)
	b = protowire.AppendString(b, "London")
	b = protowire.AppendTag(b, 4, protowire.VarintType)
	b = protowire.AppendVarint(b, 42)
	return b
}

// hasPhone reports whether msg is well-formed protobuf with field 1 (phone) as a non-empty string.
func hasPhone(msg []byte) bool {
	found := false
	for len(msg) > 0 {
		num, typ, n := protowire.ConsumeTag(msg)
		if n < 0 {
			return false
		}
		msg = msg[n:]
		if num == 1 && typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(msg)
			if m < 0 {
				return false
			}
			found = len(v) > 0
			msg = msg[m:]
			continue
		}
		m := protowire.ConsumeFieldValue(num, typ, msg)
		if m < 0 {
			return false
		}
		msg = msg[m:]
	}
	return found
}

type lookup struct{}

func main() {
	addr := flag.String("addr", "127.0.0.1:8089", "listen address (loopback)")
	stats := flag.String("stats", "", "listen address of the call counter (loopback; empty: none)")
	flag.Parse()
	answer := record()
	var count atomic.Int64
	if *stats != "" {
		go func() {
			mux := http.NewServeMux()
			mux.HandleFunc("/count", func(w http.ResponseWriter, r *http.Request) {
				_, _ = w.Write([]byte(strconv.FormatInt(count.Load(), 10)))
			})
			log.Fatal(http.ListenAndServe(*stats, mux))
		}()
	}
	get := func(_ any, _ context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
		var in []byte
		if err := dec(&in); err != nil {
			return nil, err
		}
		count.Add(1)
		if !hasPhone(in) {
			return nil, status.Error(codes.InvalidArgument, "a LookupRequest with a phone is expected")
		}
		return &answer, nil
	}
	s := grpc.NewServer(grpc.ForceServerCodec(rawCodec{}))
	s.RegisterService(&grpc.ServiceDesc{
		ServiceName: "lookup.Lookup",
		HandlerType: (*any)(nil),
		Methods:     []grpc.MethodDesc{{MethodName: "Get", Handler: get}},
		Metadata:    "lookup.proto",
	}, lookup{})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(s.Serve(ln))
}
