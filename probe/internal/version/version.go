// Package version is the helper's version, reported in every profile and in hello/check.
package version

// Version of plsql-probe; override at link time with -ldflags "-X ...version.Version=...".
var Version = "0.1.0"
