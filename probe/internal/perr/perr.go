// Package perr defines the coded errors the helper returns as JSON refusals.
package perr

import (
	"errors"
	"fmt"
)

// Codes are stable strings the extension may switch on.
const (
	BadRequest        = "BAD_REQUEST"
	Config            = "CONFIG"
	NotPrivileged     = "NOT_PRIVILEGED"
	NoSuchProcess     = "NO_SUCH_PROCESS"
	ExeNotAllowed     = "EXE_NOT_ALLOWED"
	UIDNotAllowed     = "UID_NOT_ALLOWED"
	StartTimeMismatch = "START_TIME_MISMATCH"
	BadTID            = "BAD_TID"
	SelfTarget        = "SELF_TARGET"
	BadFunctionName   = "BAD_FUNCTION_NAME"
	UnknownFunction   = "UNKNOWN_FUNCTION"
	LimitExceeded     = "LIMIT_EXCEEDED"
	Unsupported       = "UNSUPPORTED"
	Busy              = "BUSY"
	Internal          = "INTERNAL"
)

// Error is a refusal or failure with a stable code.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// New builds a coded error.
func New(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// From returns err as a coded error (Internal when it carries no code).
func From(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Code: Internal, Message: err.Error()}
}
