package main

// The -raw server: one goroutine per connection, a buffered reader and writer, no routing and no per-request
// allocation. It reads a request head (and a Content-Length body, skipped), answers with a fixed response, and
// flushes unless the head of a further pipelined request is already buffered. Enough HTTP/1.1 for load generators on
// loopback; not a general server (no chunked request bodies, no Expect: 100-continue; HEAD gets the head only).

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
		go rawConn(c, &responses, len(body), count)
	}
}

var (
	contentLength  = []byte("content-length:")
	connection     = []byte("connection:")
	closeToken     = []byte("close")
	keepAliveToken = []byte("keep-alive")
	loginPath      = []byte(" /login ")
	headMethod     = []byte("HEAD ")
	http10Version  = []byte("HTTP/1.0")
)

func rawConn(c net.Conn, responses *[2][2][]byte, bodyLen int, count *atomic.Int64) {
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
		http10 := bytes.HasSuffix(bytes.TrimRight(line, "\r\n"), http10Version)
		head := bytes.HasPrefix(line, headMethod)
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
			} else if len(h) > len(connection) && bytes.EqualFold(h[:len(connection)], connection) {
				v := h[len(connection):]
				if containsFold(v, closeToken) {
					closing = true
				} else if http10 && containsFold(v, keepAliveToken) {
					closing, keepAlive = false, true
				}
			}
		}
		if n > 0 {
			if n > r.Buffered() && w.Buffered() > 0 { // the body is still coming: answer what came before it first
				if err := w.Flush(); err != nil {
					return
				}
			}
			if _, err := r.Discard(n); err != nil {
				return
			}
		}
		count.Add(1)
		ka := 0
		if keepAlive {
			ka = 1
		}
		resp := responses[ka][login]
		if head { // the same head, without the body
			resp = resp[:len(resp)-bodyLen]
		}
		if _, err := w.Write(resp); err != nil {
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

// containsFold: tok occurs in b, ASCII case ignored (no allocation: a header value per request).
func containsFold(b, tok []byte) bool {
	for i := 0; i+len(tok) <= len(b); i++ {
		if bytes.EqualFold(b[i:i+len(tok)], tok) {
			return true
		}
	}
	return false
}
