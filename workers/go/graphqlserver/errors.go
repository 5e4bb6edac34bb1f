package graphqlserver

import (
	"fmt"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// errorf returns an error wrapping service.ErrInvalidArgument.
func errorf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{service.ErrInvalidArgument}, args...)...)
}
