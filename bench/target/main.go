// A minimal HTTP target for benchmarks: "Hello, World!" on 127.0.0.1, so the load generator is the thing being
// measured. bench/run starts it pinned to one core: GOMAXPROCS=1 taskset -c 0 target -addr 127.0.0.1:PORT.
// With -stats ADDR it also serves GET /count (requests answered so far, as text) on a second loopback listener,
// which the harness polls to compute the generator's CPU per request over the steady part of a run.
// GET /login also sets a session cookie (for plans that measure the cost of a cookie jar).
// With -raw it answers with its own minimal HTTP/1.1 loop (raw.go) instead of net/http: about twice the requests
// per core, so a generator that net/http would hold back shows its own limit (the "ceiling" workload).
package main

import (
	"flag"
	"log"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8088", "listen address (loopback)")
	stats := flag.String("stats", "", "listen address of the request counter (loopback; empty: none)")
	raw := flag.Bool("raw", false, "serve with the minimal HTTP/1.1 loop instead of net/http")
	flag.Parse()
	body := []byte("Hello, World!")
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
	if *raw {
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			log.Fatal(err)
		}
		log.Fatal(serveRaw(ln, body, &count))
	}
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		count.Add(1)
		if r.URL.Path == "/login" {
			w.Header().Set("Set-Cookie", "session=0123456789abcdef; Path=/; HttpOnly")
		}
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write(body)
	})
	log.Fatal(http.ListenAndServe(*addr, nil))
}
