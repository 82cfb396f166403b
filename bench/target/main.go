// A minimal HTTP target for benchmarks: "Hello, World!" on 127.0.0.1, so the load generator is the
// thing being measured. Run pinned to one core: GOMAXPROCS=1 taskset -c 0 go run . -addr 127.0.0.1:8088
package main

import (
	"flag"
	"log"
	"net/http"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8088", "listen address (loopback)")
	flag.Parse()
	body := []byte("Hello, World!")
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write(body)
	})
	log.Fatal(http.ListenAndServe(*addr, nil))
}
