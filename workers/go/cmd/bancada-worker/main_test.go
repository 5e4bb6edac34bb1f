package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
)

// buildWorker compiles this command into a temporary directory.
func buildWorker(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bancada-worker")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startWorker runs the binary and returns it with its parsed READY line.
func startWorker(t *testing.T, bin string, args ...string) (*exec.Cmd, ready, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	stderr := new(strings.Builder)
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	lines := make(chan string, 1)
	go func() {
		s := bufio.NewScanner(stdout)
		if s.Scan() {
			lines <- s.Text()
		}
		close(lines)
	}()
	var line string
	select {
	case line = <-lines:
	case <-time.After(10 * time.Second):
		t.Fatalf("no READY line within 10 s; stderr: %s", stderr)
	}
	payload, ok := strings.CutPrefix(line, "READY ")
	var r ready
	if !ok || json.Unmarshal([]byte(payload), &r) != nil {
		t.Fatalf("first stdout line %q is not READY {json}", line)
	}
	if r.PID != cmd.Process.Pid || r.Port <= 0 || r.Bind != "127.0.0.1" {
		t.Fatalf("READY %+v (process %d)", r, cmd.Process.Pid)
	}
	return cmd, r, stderr
}

// stopWorker sends SIGTERM and requires exit status 0 within 10 s.
func stopWorker(t *testing.T, cmd *exec.Cmd, stderr *strings.Builder) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v; stderr: %s", err, stderr)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no exit within 10 s of SIGTERM")
	}
}

func TestWorkerBinary(t *testing.T) {
	bin := buildWorker(t)

	t.Run("rest", func(t *testing.T) {
		cmd, r, stderr := startWorker(t, bin, "--protocol", "rest", "--port", "0")
		if r.Implementation != "go-rest" || r.Protocol != "rest" {
			t.Fatalf("READY %+v", r)
		}
		resp, err := http.Get("http://127.0.0.1:" + strconv.Itoa(r.Port) + "/v1/info")
		if err != nil {
			t.Fatal(err)
		}
		var info struct {
			Implementation string `json:"implementation"`
			PID            int    `json:"pid"`
		}
		err = json.NewDecoder(resp.Body).Decode(&info)
		resp.Body.Close()
		if err != nil || info.Implementation != "go-rest" || info.PID != r.PID {
			t.Fatalf("info %+v (%v)", info, err)
		}
		stopWorker(t, cmd, stderr)
	})

	t.Run("grpc", func(t *testing.T) {
		cmd, r, stderr := startWorker(t, bin, "--protocol", "grpc", "--port", "0", "--max-message-mib", "4")
		if r.Implementation != "go-grpc" || r.Protocol != "grpc" {
			t.Fatalf("READY %+v", r)
		}
		conn, err := grpc.NewClient("127.0.0.1:"+strconv.Itoa(r.Port), grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		info, err := pb.NewBenchClient(conn).Info(ctx, &pb.InfoRequest{})
		if err != nil || info.GetImplementation() != "go-grpc" || info.GetPid() != int64(r.PID) {
			t.Fatalf("info %v (%v)", info, err)
		}
		stopWorker(t, cmd, stderr)
	})

	for _, proto := range []struct{ name, body string }{
		{"jsonrpc", `{"jsonrpc":"2.0","id":1,"method":"Info"}`},
		{"graphql", `{"query":"{ info { implementation pid } }"}`},
	} {
		t.Run(proto.name, func(t *testing.T) {
			cmd, r, stderr := startWorker(t, bin, "--protocol", proto.name, "--port", "0")
			if r.Implementation != "go-"+proto.name || r.Protocol != proto.name {
				t.Fatalf("READY %+v", r)
			}
			resp, err := http.Post("http://127.0.0.1:"+strconv.Itoa(r.Port)+"/v1/"+proto.name, "application/json", strings.NewReader(proto.body))
			if err != nil {
				t.Fatal(err)
			}
			out, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			want := fmt.Sprintf(`"implementation":"go-%s"`, proto.name)
			if resp.StatusCode != 200 || !strings.Contains(string(out), want) || !strings.Contains(string(out), strconv.Itoa(r.PID)) {
				t.Fatalf("info: %d %s", resp.StatusCode, out)
			}
			stopWorker(t, cmd, stderr)
		})
	}

	t.Run("port in use", func(t *testing.T) {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer lis.Close()
		port := strconv.Itoa(lis.Addr().(*net.TCPAddr).Port)
		cmd := exec.Command(bin, "--protocol", "rest", "--port", port)
		out, err := cmd.CombinedOutput()
		if err == nil || cmd.ProcessState.ExitCode() == 0 {
			t.Fatalf("worker on a used port exited 0; output: %s", out)
		}
		if !strings.Contains(string(out), port) || strings.Contains(string(out), "READY") {
			t.Fatalf("output %q does not name port %s (or printed READY)", out, port)
		}
	})

	t.Run("database refused", func(t *testing.T) {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := strconv.Itoa(lis.Addr().(*net.TCPAddr).Port)
		lis.Close()
		cmd := exec.Command(bin, "--protocol", "rest", "--db-pool-size", "3")
		cmd.Env = append(cmd.Environ(), "BANCADA_DATABASE_URL=postgresql://bench:s3cret@127.0.0.1:"+port+"/pets")
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err = cmd.Run()
		if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 2 {
			t.Fatalf("exit %v, want 2; stderr: %s", err, stderr.String())
		}
		line := strings.TrimSuffix(stderr.String(), "\n")
		if stdout.Len() > 0 || strings.Contains(line, "\n") || !strings.Contains(line, "127.0.0.1:"+port) ||
			!strings.Contains(line, `"pets"`) || strings.Contains(line, "s3cret") {
			t.Fatalf("stdout %q, stderr %q: want one line naming host, port and database, no password", stdout.String(), line)
		}
	})

	t.Run("db pool size", func(t *testing.T) {
		out, err := exec.Command(bin, "--protocol", "rest", "--db-pool-size", "0").CombinedOutput()
		if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 2 || !strings.Contains(string(out), "--db-pool-size") {
			t.Fatalf("--db-pool-size 0: exit %v, output %s", err, out)
		}
		// Accepted without a database (an empty variable is none): the four methods answer 503.
		t.Setenv("BANCADA_DATABASE_URL", "")
		c, r, stderr := startWorker(t, bin, "--protocol", "rest", "--db-pool-size", "20")
		resp, err := http.Get("http://127.0.0.1:" + strconv.Itoa(r.Port) + "/v1/pets?limit=10")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("GET /v1/pets without a database: %d, want 503", resp.StatusCode)
		}
		stopWorker(t, c, stderr)
	})

	t.Run("bad protocol", func(t *testing.T) {
		out, err := exec.Command(bin, "--protocol", "soap").CombinedOutput()
		if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 2 {
			t.Fatalf("exit %v, want 2; output: %s", err, out)
		}
	})
}
