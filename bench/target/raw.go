package main

// The -raw server: one goroutine per connection, a buffered reader and writer, no routing and no per-request
// allocation. It reads a request head (and a Content-Length body, skipped), answers with a fixed response, and
// flushes unless the head of a further pipelined request is already buffered. Enough HTTP/1.1 for load generators on
// loopback; not a general server (no chunked request bodies, no Expect: 100-continue).

import (
	"bufio"
	"bytes"
	"net"
	"strconv"
	"sync/atomic"
)

func rawResponse(body []byte, extra string) []byte {
	return []byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n" + extra + "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + string(body))
}

func serveRaw(ln net.Listener, body []byte, count *atomic.Int64) error {
	cookie := "Set-Cookie: session=0123456789abcdef; Path=/; HttpOnly\r\n"
	// [keep-alive asked by an HTTP/1.0 client][/login]
	responses := [2][2][]byte{
		{rawResponse(body, ""), rawResponse(body, cookie)},
		{rawResponse(body, "Connection: keep-alive\r\n"), rawResponse(body, "Connection: keep-alive\r\n"+cookie)},
	}
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		go rawConn(c, &responses, count)
	}
}

var (
	contentLength = []byte("content-length:")
	connClose     = []byte("connection: close")
	connKeepAlive = []byte("connection: keep-alive")
	loginPath     = []byte(" /login")
	http10Version = []byte("HTTP/1.0")
)

func rawConn(c net.Conn, responses *[2][2][]byte, count *atomic.Int64) {
	defer c.Close()
	r := bufio.NewReaderSize(c, 16384)
	w := bufio.NewWriterSize(c, 16384)
	for {
		line, err := r.ReadSlice('\n') // request line
		if err != nil {
			return
		}
		login := 0
		if bytes.Contains(line, loginPath) {
			login = 1
		}
		// HTTP/1.0 (ab) closes after the response unless it asked to keep the connection, which the response says.
		http10 := bytes.Contains(line, http10Version)
		n, closing, keepAlive := 0, http10, false
		for {
			h, err := r.ReadSlice('\n')
			if err != nil {
				return
			}
			if len(h) <= 2 { // the empty line ending the head
				break
			}
			if len(h) > len(contentLength) && bytes.EqualFold(h[:len(contentLength)], contentLength) {
				n, _ = strconv.Atoi(string(bytes.TrimSpace(h[len(contentLength):])))
			} else if len(h) >= len(connClose) && bytes.EqualFold(h[:len(connClose)], connClose) {
				closing = true
			} else if http10 && len(h) >= len(connKeepAlive) && bytes.EqualFold(h[:len(connKeepAlive)], connKeepAlive) {
				closing, keepAlive = false, true
			}
		}
		if n > 0 {
			if _, err := r.Discard(n); err != nil {
				return
			}
		}
		count.Add(1)
		ka := 0
		if keepAlive {
			ka = 1
		}
		if _, err := w.Write(responses[ka][login]); err != nil {
			return
		}
		if closing || !wholeHeadBuffered(r) {
			if err := w.Flush(); err != nil || closing {
				return
			}
		}
	}
}

// wholeHeadBuffered: the reader already holds a complete further request head, so answering it can share a write.
func wholeHeadBuffered(r *bufio.Reader) bool {
	b, _ := r.Peek(r.Buffered())
	return bytes.Contains(b, headEnd)
}

var headEnd = []byte("\r\n\r\n")
