package restserver

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/bancada-lab/bancada/contract/go/formats"
)

// serveSerial answers POST /v1/serial/{kind}: the body is an array of kind in the
// format its Content-Type names; the answer is the same array in the same
// format (Content-Type set likewise). Server-Timing carries three metrics in
// milliseconds, on the server's monotonic clock, all after the body was read:
// deser (decoding the request), ser (encoding the answer) and app (the whole
// span: deser + handling + ser), so the handling time is app - deser - ser and
// Bancada's usual server time (app) stays the whole server span.
//
// Errors answer {"error": "..."} as JSON: 400 for a malformed body, 404 for
// an unknown kind, 413 above limit bytes, 415 for an unsupported Content-Type.
func serveSerial(w http.ResponseWriter, r *http.Request, kind string, limit int64) {
	if !formats.ValidKind(kind) {
		writeError(w, http.StatusNotFound, time.Now(), fmt.Sprintf("no route %s (kinds: int64s, doubles, strings, structs)", r.URL.Path))
		return
	}
	body, err := readBody(w, r, limit)
	start := time.Now()
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			writeError(w, http.StatusRequestEntityTooLarge, start, fmt.Sprintf("request body above the limit of %d bytes", limit))
			return
		}
		writeError(w, http.StatusBadRequest, start, "reading body: "+err.Error())
		return
	}
	format, err := formats.FromContentType(r.Header.Get("Content-Type"))
	if err != nil {
		writeError(w, http.StatusUnsupportedMediaType, start, err.Error())
		return
	}
	d, err := formats.Decode(format, kind, body)
	decoded := time.Now()
	if err != nil {
		writeError(w, http.StatusBadRequest, start, fmt.Sprintf("malformed %s %s body: %v", format, kind, err))
		return
	}
	count := d.Len() // the handling: the seed's consumer only decodes; this answer echoes
	handled := time.Now()
	out, err := formats.Encode(format, d)
	end := time.Now()
	if err != nil {
		writeError(w, http.StatusInternalServerError, start, "encoding the answer: "+err.Error())
		return
	}
	hdr := w.Header()
	hdr.Set("Server-Timing", fmt.Sprintf("deser;dur=%s, ser;dur=%s, app;dur=%s",
		ms(decoded.Sub(start)), ms(end.Sub(handled)), ms(end.Sub(start))))
	hdr.Set("Content-Type", formats.ContentType(format))
	hdr.Set("Content-Length", strconv.Itoa(len(out)))
	hdr.Set("X-Element-Count", strconv.Itoa(count))
	w.WriteHeader(http.StatusOK)
	w.Write(out)
}

func ms(d time.Duration) string { return strconv.FormatFloat(float64(d.Nanoseconds())/1e6, 'f', 6, 64) }
