// Package serve speaks the versioned JSON-lines protocol over stdin/stdout: one request per line
// with an id, one response per request with the same id, and events tied to a request id. Logs go
// to stderr. It works the same locally and through `ssh -T host sudo -n plsql-probe serve`.
package serve

import "encoding/json"

// ProtocolVersion is the "v" of every line.
const ProtocolVersion = 1

// Request is one client line.
type Request struct {
	V      int             `json:"v"`
	ID     string          `json:"id"`
	Op     string          `json:"op"` // hello | check | catalog | inspect | symbols | record | stop | shutdown
	Params json.RawMessage `json:"params,omitempty"`
}

// Response answers a request: type "result" with result, or type "error" with error.
type Response struct {
	V      int    `json:"v"`
	ID     string `json:"id"`
	Type   string `json:"type"`
	Op     string `json:"op"`
	Result any    `json:"result,omitempty"`
	Error  any    `json:"error,omitempty"`
}

// Event is an asynchronous line about a running request.
type Event struct {
	V     int    `json:"v"`
	ID    string `json:"id"`
	Type  string `json:"type"` // always "event"
	Event string `json:"event"`
	Data  any    `json:"data,omitempty"`
}

// InspectParams selects a target.
type InspectParams struct {
	PID int `json:"pid"`
	TID int `json:"tid,omitempty"`
}

// SymbolsParams lists function symbols matching a glob.
type SymbolsParams struct {
	PID   int    `json:"pid"`
	Match string `json:"match"`
}

// Hello is the answer to "hello" and the data of the ready line.
type Hello struct {
	Protocol int      `json:"protocol"`
	Tool     string   `json:"tool"`
	Version  string   `json:"version"`
	Ops      []string `json:"ops"`
	Profile  int      `json:"profile_version"`
	Root     bool     `json:"root"` // false: inspect, symbols and record will answer NOT_PRIVILEGED
}

// Ready is the first line serve writes, before reading any request: the helper started, its
// policy file was accepted, and it speaks this protocol version.
type Ready struct {
	V    int    `json:"v"`
	Type string `json:"type"` // always "ready"
	Data Hello  `json:"data"`
}
