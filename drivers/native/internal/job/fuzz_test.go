package job

import (
	"strings"
	"testing"
)

// FuzzParse: any bytes on the driver's stdin give a job or an error, never a panic, and a
// job that parses has every block's treatments resolvable.
func FuzzParse(f *testing.F) {
	f.Add([]byte(strings.Replace(base, "LOAD", `{"model":"sequential"}`, 1)))
	f.Add([]byte(strings.Replace(base, "LOAD", `{"model":"closed","concurrency":4,"duration_s":1}`, 1)))
	f.Add([]byte(strings.Replace(base, "LOAD", `{"model":"open","rate_per_s":10}`, 1)))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"version":1,"treatments":[],"blocks":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		j, err := Parse(data)
		if err != nil {
			if j != nil {
				t.Fatalf("an error and a job: %v", err)
			}
			return
		}
		for _, b := range j.Blocks {
			for _, id := range b.Treatments {
				if j.Treatment(id) == nil {
					t.Fatalf("block names treatment %d, which the job does not have", id)
				}
			}
		}
	})
}
