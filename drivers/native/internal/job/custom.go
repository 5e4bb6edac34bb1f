package job

import (
	"fmt"
	"strings"

	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
)

// customMethods are the HTTP methods a custom REST request may use. HEAD is
// left out: its response announces a body it does not send.
var customMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

// managedHeaders are written by the driver itself (framing and connection
// policy); a custom request may not set them.
var managedHeaders = []string{"content-length", "transfer-encoding", "connection"}

// validateCustom checks the request of an operation "custom" treatment, and
// that other operations carry none.
func (t *Treatment) validateCustom() error {
	r := t.Request
	if t.Operation != "custom" {
		if r != nil {
			return fmt.Errorf("treatment %d: a request is only for operation custom, not %s", t.ID, t.Operation)
		}
		return nil
	}
	if r == nil {
		return fmt.Errorf("treatment %d: operation custom needs a request", t.ID)
	}
	if t.Wire().Transport() == protocol.HTTP {
		if err := oneOf(fmt.Sprintf("request.method of treatment %d", t.ID), r.Method, customMethods...); err != nil {
			return err
		}
		if !strings.HasPrefix(r.Path, "/") || strings.ContainsAny(r.Path, " \r\n\t") {
			return fmt.Errorf("treatment %d: request.path %q must start with / and hold no spaces or line breaks", t.ID, r.Path)
		}
		for name, value := range r.Headers {
			if name == "" || strings.ContainsAny(name, " :\r\n\t") || strings.ContainsAny(value, "\r\n") {
				return fmt.Errorf("treatment %d: header %q: names hold no spaces or colons, values no line breaks", t.ID, name)
			}
			for _, m := range managedHeaders {
				if strings.EqualFold(name, m) {
					return fmt.Errorf("treatment %d: header %q is written by the driver; leave it out", t.ID, name)
				}
			}
		}
		if r.GRPCMethod != "" || r.JSON != "" || len(r.Protoset) > 0 {
			return fmt.Errorf("treatment %d: a REST request takes method, path, headers and body_base64, not gRPC fields", t.ID)
		}
		return nil
	}
	if _, _, err := SplitMethod(r.GRPCMethod); err != nil {
		return fmt.Errorf("treatment %d: %v", t.ID, err)
	}
	if r.Method != "" || r.Path != "" || len(r.Headers) > 0 || len(r.Body) > 0 {
		return fmt.Errorf("treatment %d: a gRPC request takes grpc_method, json and protoset_base64, not REST fields", t.ID)
	}
	return nil
}

// SplitMethod splits a full gRPC method name, "package.Service/Method" (a
// leading "/" is allowed), into the service's full name and the method name.
func SplitMethod(full string) (service, method string, err error) {
	s := strings.TrimPrefix(full, "/")
	i := strings.LastIndexByte(s, '/')
	if i <= 0 || i == len(s)-1 || strings.ContainsAny(s, " \t\r\n") || strings.Count(s, "/") != 1 {
		return "", "", fmt.Errorf("grpc_method %q is not a full method name such as bancada.v1.Bench/Select", full)
	}
	return s[:i], s[i+1:], nil
}
