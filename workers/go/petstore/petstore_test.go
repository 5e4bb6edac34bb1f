package petstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// EnvTestURL names the database of the tests that need one: Bancada's seed 001
// tables (e.g. a PrivatePostgres of app/bancada/hosts/postgres.py, or the
// session fixture pet_person_db), which the tests change and put back.
const EnvTestURL = "BANCADA_TEST_DATABASE_URL"

func testURL(t *testing.T) string {
	t.Helper()
	url := os.Getenv(EnvTestURL)
	if url == "" {
		t.Skipf("needs a PostgreSQL with seed 001's tables: set %s (e.g. postgresql://bancada@127.0.0.1:5432/bancada)", EnvTestURL)
	}
	return url
}

func closedPort(t *testing.T) int {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := lis.Addr().(*net.TCPAddr).Port
	lis.Close()
	return port
}

// A server that refuses connections: Open fails at once with one line naming
// host, port and database, never the password.
func TestOpenRefused(t *testing.T) {
	port := closedPort(t)
	_, err := Open(fmt.Sprintf("postgresql://bench:s3cret@127.0.0.1:%d/benchdb", port), 4, nil)
	if err == nil {
		t.Fatal("opened a database on a closed port")
	}
	msg := err.Error()
	for _, want := range []string{fmt.Sprintf("127.0.0.1:%d", port), `"benchdb"`, "BANCADA_DATABASE_URL", "refused"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not name %s", msg, want)
		}
	}
	if strings.Contains(msg, "s3cret") || strings.Contains(msg, "\n") {
		t.Errorf("%q: shows the password or is not one line", msg)
	}
}

func TestParseURL(t *testing.T) {
	got, err := ParseURL("postgresql://bench:s3cret@db.example:6543/bench?sslmode=disable")
	if err != nil || got != (Target{Host: "db.example", Port: 6543, Database: "bench", User: "bench"}) {
		t.Errorf("ParseURL: %+v %v", got, err)
	}
	for _, bad := range []string{"postgresql://bench:s3cret@db.example:port/bench", "postgresql://bench:s3cret@db.example/bench?sslmode=maybe"} {
		_, err := ParseURL(bad)
		if err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), EnvURL) {
			t.Errorf("%s: %v", bad, err)
		}
	}
	if _, err := Open("postgresql://a@127.0.0.1:1/b", 0, nil); err == nil || !strings.Contains(err.Error(), "pool size") {
		t.Errorf("pool size 0: %v", err)
	}
}

func openTest(t *testing.T, url string, pool int) *Store {
	t.Helper()
	s, err := Open(url, pool, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// sqlPets reads the live pets with plain SQL (pgx), to compare with GORM's answer.
func sqlPets(t *testing.T, conn *pgx.Conn, where string, limit int) []service.Pet {
	t.Helper()
	rows, err := conn.Query(context.Background(),
		"SELECT id, created_at, updated_at, name, age, type FROM pets WHERE "+where+" ORDER BY id LIMIT $1", limit)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []service.Pet
	for rows.Next() {
		var p service.Pet
		if err := rows.Scan(&p.ID, &p.CreatedAt, &p.UpdatedAt, &p.Name, &p.Age, &p.Type); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	return out
}

func samePet(a, b service.Pet) bool {
	return a.ID == b.ID && a.CreatedAt.Equal(b.CreatedAt) && a.UpdatedAt.Equal(b.UpdatedAt) && a.DeletedAt == nil &&
		a.Name == b.Name && a.Age == b.Age && a.Type == b.Type
}

func TestListCreateAndSoftDelete(t *testing.T) {
	url := testURL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	s := openTest(t, url, 4)

	for _, limit := range []int{1, 10, 1000} {
		got, err := s.ListPets(ctx, limit)
		want := sqlPets(t, conn, "deleted_at IS NULL", limit)
		if err != nil || len(got) != len(want) {
			t.Fatalf("limit %d: %d pets (%v), SQL has %d", limit, len(got), err, len(want))
		}
		for i := range got {
			if !samePet(got[i], want[i]) {
				t.Fatalf("limit %d, pet %d: %+v, SQL %+v", limit, i, got[i], want[i])
			}
		}
	}
	people, err := s.ListPeople(ctx, 5)
	if err != nil || len(people) != 5 || people[0].ID >= people[4].ID || people[0].Biography == "" || people[0].DeletedAt != nil {
		t.Fatalf("list people: %v %+v", err, people)
	}

	// A create answers the stored row, with the database's id and GORM's time (to the microsecond).
	before := time.Now().Add(-time.Second)
	pet, err := s.CreatePet(ctx, service.NewPet{Name: "Rex  ", Age: 0, Type: "dog"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Exec(context.Background(), "DELETE FROM pets WHERE id = $1", pet.ID) })
	stored := sqlPets(t, conn, fmt.Sprintf("id = %d", pet.ID), 1)
	if len(stored) != 1 || !samePet(pet, stored[0]) || !pet.CreatedAt.Equal(pet.UpdatedAt) || pet.CreatedAt.Before(before) ||
		pet.CreatedAt.Nanosecond()%1000 != 0 || pet.Name != "Rex  " {
		t.Fatalf("created %+v, stored %+v", pet, stored)
	}
	person, err := s.CreatePerson(ctx, service.NewPerson{FirstName: "Ana", LastName: "Lima", Email: "ana@example.com", Age: 30})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Exec(context.Background(), "DELETE FROM people WHERE id = $1", person.ID) })
	var email, phone string
	if err := conn.QueryRow(ctx, "SELECT email, phone FROM people WHERE id = $1 AND deleted_at IS NULL", person.ID).Scan(&email, &phone); err != nil ||
		email != "ana@example.com" || phone != "" || person.ID <= people[4].ID {
		t.Fatalf("created person %+v: stored %q %q (%v)", person, email, phone, err)
	}

	// A soft-deleted row (GORM's Delete sets deleted_at) is not listed.
	first := sqlPets(t, conn, "deleted_at IS NULL", 2)
	if err := s.db.Delete(&Pet{ID: first[0].ID}).Error; err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Exec(context.Background(), "UPDATE pets SET deleted_at = NULL WHERE id = $1", first[0].ID)
	})
	if got, err := s.ListPets(ctx, 1); err != nil || len(got) != 1 || got[0].ID != first[1].ID {
		t.Fatalf("after deleting pet %d: %+v %v, want pet %d", first[0].ID, got, err, first[1].ID)
	}
}

// The pool never opens more than its size, however many requests wait.
func TestPoolSize(t *testing.T) {
	s := openTest(t, testURL(t), 2)
	var wg sync.WaitGroup
	errs := make(chan error, 12)
	for range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.ListPeople(context.Background(), 1000)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if st := s.Stats(); st.MaxOpenConnections != 2 || st.OpenConnections > 2 || st.WaitCount == 0 {
		t.Fatalf("pool stats %+v: want at most 2 connections and some waits", st)
	}
}

// proxy forwards TCP connections from its port to target until stopped; it
// stands for a database server that dies and comes back on the same port.
type proxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	lis    net.Listener
	conns  []net.Conn
}

func (p *proxy) start() {
	p.t.Helper()
	addr := p.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.addr, p.lis = lis.Addr().String(), lis
	go func() {
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { io.Copy(up, c); up.Close() }()
			go func() { io.Copy(c, up); c.Close() }()
		}
	}()
}

// stop closes the port and every forwarded connection.
func (p *proxy) stop() {
	p.lis.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// A database that dies answers ErrUnavailable with a one-line reason; when it
// is back, the same Store works again.
func TestDatabaseDiesAndComesBack(t *testing.T) {
	url := testURL(t)
	target, err := ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{t: t, target: net.JoinHostPort(target.Host, fmt.Sprint(target.Port))}
	p.start()
	t.Cleanup(p.stop)
	cfg, _ := pgx.ParseConfig(url)
	via := fmt.Sprintf("postgresql://%s@%s/%s?sslmode=disable", cfg.User, p.addr, cfg.Database)
	var logged []string
	s, err := Open(via, 3, func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.ListPets(ctx, 10); err != nil {
		t.Fatal(err)
	}

	p.stop()
	for i := range 3 {
		_, err := s.ListPets(ctx, 10)
		if !errors.Is(err, service.ErrUnavailable) || !strings.HasPrefix(err.Error(), "database: list pets failed: ") ||
			strings.Contains(err.Error(), "\n") {
			t.Fatalf("call %d with the database down: %v", i, err)
		}
	}
	if _, err := s.CreatePet(ctx, service.NewPet{Name: "Rex", Type: "dog"}); !errors.Is(err, service.ErrUnavailable) {
		t.Fatalf("create with the database down: %v", err)
	}

	p.start()
	if got, err := s.ListPets(ctx, 10); err != nil || len(got) != 10 {
		t.Fatalf("after the database came back: %d pets, %v", len(got), err)
	}
	if len(logged) != 2 || !strings.Contains(logged[0], "fails") || !strings.Contains(logged[1], "answers again") {
		t.Errorf("log %q: want one line when it failed, one when it came back", logged)
	}
}
