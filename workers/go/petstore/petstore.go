// Package petstore is the database of the Go worker's four database methods
// (proto/bancada/v1/bench.proto, "The database methods"): the tables pets
// and people of PostgreSQL through GORM (gorm.io/gorm) and its PostgreSQL
// driver (gorm.io/driver/postgres, on pgx), as the microservices study (seed
// 001) did. Bancada creates the tables and loads the seeded rows
// (app/bancada/store/pet_person_sql.py); this package never creates, migrates
// or alters them (no AutoMigrate).
//
// GORM is used with its defaults otherwise, as the study's services were:
// soft delete through gorm.DeletedAt (deleted rows are never listed), a
// create in GORM's default transaction, created_at and updated_at set by
// GORM (here in UTC, to the microsecond that PostgreSQL stores).
package petstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// EnvURL is the environment variable naming the database (a libpq URI).
const EnvURL = "BANCADA_DATABASE_URL"

// DefaultPoolSize is the default of --db-pool-size.
const DefaultPoolSize = 10

// CheckTimeout bounds the check of one connection at start.
const CheckTimeout = 10 * time.Second

// QueryTimeout bounds one operation on the database; past it the answer is UNAVAILABLE.
const QueryTimeout = 30 * time.Second

// Pet is the GORM model of a row of pets (GORM's default table name for Pet).
type Pet struct {
	ID        int64 `gorm:"primaryKey"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt gorm.DeletedAt `gorm:"index"`
	Name      string
	Age       int32
	Type      string
}

// Person is the GORM model of a row of people (GORM's default table name for Person).
type Person struct {
	ID        int64 `gorm:"primaryKey"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt gorm.DeletedAt `gorm:"index"`
	FirstName string
	LastName  string
	Email     string
	Age       int32
	Phone     string
	Gender    string
	Biography string
}

// Target is where a database is, without its password: for messages.
type Target struct {
	Host     string
	Port     uint16
	Database string
	User     string
}

func (t Target) String() string {
	return fmt.Sprintf("database %q on %s as user %q", t.Database, net.JoinHostPort(t.Host, strconv.Itoa(int(t.Port))), t.User)
}

// ParseURL reads a libpq connection URI (or key=value string) as pgx does.
// The error never holds the password.
func ParseURL(url string) (Target, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		reason := "cannot parse it"
		if inner := errors.Unwrap(err); inner != nil {
			reason = inner.Error()
		}
		return Target{}, fmt.Errorf("%s is not a PostgreSQL connection URI such as "+
			"postgresql://user[:password]@host:port/dbname (%s)", EnvURL, oneLine(reason))
	}
	return Target{Host: cfg.Host, Port: cfg.Port, Database: cfg.Database, User: cfg.User}, nil
}

// Store is the worker's connection pool; it implements service.Records.
type Store struct {
	db     *gorm.DB
	sql    *sql.DB
	Target Target
	// failing is true while the database fails, so that each change is logged once.
	failing atomic.Bool
	logf    func(format string, args ...any)
}

// Open opens a pool of at most poolSize connections to the database at url
// and checks one connection (within CheckTimeout). Its error is one line
// naming the host, port and database, never the password. logf (may be nil)
// receives a line when the database starts or stops failing.
func Open(url string, poolSize int, logf func(format string, args ...any)) (*Store, error) {
	target, err := ParseURL(url)
	if err != nil {
		return nil, err
	}
	if poolSize < 1 {
		return nil, fmt.Errorf("the pool size must be at least 1, got %d", poolSize)
	}
	db, err := gorm.Open(postgres.New(postgres.Config{DSN: url}), &gorm.Config{
		// Bancada owns the schema: never create or alter a table, not even a foreign key.
		DisableForeignKeyConstraintWhenMigrating: true,
		// The pool is checked below, within a time limit.
		DisableAutomaticPing: true,
		// PostgreSQL's timestamptz keeps microseconds: the answer is the stored row.
		NowFunc: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
		// Errors are answered to the client; the log is not flooded under load.
		Logger: logger.Default.LogMode(logger.Silent),
	})
	if err != nil {
		return nil, fmt.Errorf("cannot open the %s (%s): %s", target, EnvURL, oneLine(err.Error()))
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("cannot open the %s (%s): %s", target, EnvURL, oneLine(err.Error()))
	}
	sqlDB.SetMaxOpenConns(poolSize)
	sqlDB.SetMaxIdleConns(poolSize)
	ctx, cancel := context.WithTimeout(context.Background(), CheckTimeout)
	defer cancel()
	if err := sqlDB.PingContext(ctx); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("cannot connect to the %s (%s): %s", target, EnvURL, oneLine(err.Error()))
	}
	if logf == nil {
		logf = log.Printf
	}
	return &Store{db: db, sql: sqlDB, Target: target, logf: logf}, nil
}

// Close closes the pool.
func (s *Store) Close() error {
	return s.sql.Close()
}

// Stats returns the pool's statistics (open and in-use connections, waits).
func (s *Store) Stats() sql.DBStats {
	return s.sql.Stats()
}

// session is the GORM handle of one operation, bounded by QueryTimeout.
func (s *Store) session(ctx context.Context) (*gorm.DB, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(ctx, QueryTimeout)
	return s.db.WithContext(ctx), cancel
}

// outcome turns a database error into service.ErrUnavailable with its
// one-line reason, and logs when the database starts or stops failing.
func (s *Store) outcome(op string, err error) error {
	if err == nil {
		if s.failing.CompareAndSwap(true, false) {
			s.logf("the %s answers again", s.Target)
		}
		return nil
	}
	reason := oneLine(err.Error())
	if s.failing.CompareAndSwap(false, true) {
		s.logf("the %s fails: %s", s.Target, reason)
	}
	return service.Unavailable(fmt.Sprintf("database: %s failed: %s", op, reason), err)
}

// ListPets returns the first limit pets not deleted, in id order.
func (s *Store) ListPets(ctx context.Context, limit int) ([]service.Pet, error) {
	db, cancel := s.session(ctx)
	defer cancel()
	var rows []Pet
	if err := s.outcome("list pets", db.Order("id").Limit(limit).Find(&rows).Error); err != nil {
		return nil, err
	}
	out := make([]service.Pet, len(rows))
	for i := range rows {
		out[i] = rows[i].row()
	}
	return out, nil
}

// ListPeople returns the first limit people not deleted, in id order.
func (s *Store) ListPeople(ctx context.Context, limit int) ([]service.Person, error) {
	db, cancel := s.session(ctx)
	defer cancel()
	var rows []Person
	if err := s.outcome("list people", db.Order("id").Limit(limit).Find(&rows).Error); err != nil {
		return nil, err
	}
	out := make([]service.Person, len(rows))
	for i := range rows {
		out[i] = rows[i].row()
	}
	return out, nil
}

// CreatePet inserts p (already checked) and returns the stored row.
func (s *Store) CreatePet(ctx context.Context, p service.NewPet) (service.Pet, error) {
	db, cancel := s.session(ctx)
	defer cancel()
	row := Pet{Name: p.Name, Age: p.Age, Type: p.Type}
	if err := s.outcome("create pet", db.Create(&row).Error); err != nil {
		return service.Pet{}, err
	}
	return row.row(), nil
}

// CreatePerson inserts p (already checked) and returns the stored row.
func (s *Store) CreatePerson(ctx context.Context, p service.NewPerson) (service.Person, error) {
	db, cancel := s.session(ctx)
	defer cancel()
	row := Person{FirstName: p.FirstName, LastName: p.LastName, Email: p.Email, Age: p.Age,
		Phone: p.Phone, Gender: p.Gender, Biography: p.Biography}
	if err := s.outcome("create person", db.Create(&row).Error); err != nil {
		return service.Person{}, err
	}
	return row.row(), nil
}

func (p *Pet) row() service.Pet {
	return service.Pet{ID: p.ID, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt, DeletedAt: deleted(p.DeletedAt),
		Name: p.Name, Age: p.Age, Type: p.Type}
}

func (p *Person) row() service.Person {
	return service.Person{ID: p.ID, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt, DeletedAt: deleted(p.DeletedAt),
		FirstName: p.FirstName, LastName: p.LastName, Email: p.Email, Age: p.Age,
		Phone: p.Phone, Gender: p.Gender, Biography: p.Biography}
}

func deleted(d gorm.DeletedAt) *time.Time {
	if !d.Valid {
		return nil
	}
	t := d.Time
	return &t
}

// oneLine writes a (pgx) error message of several lines on one: a line
// ending in ":" runs on into the next, the others are joined by "; ", and a
// line equal to the one before (pgx's two tries, with and without TLS) is dropped.
func oneLine(s string) string {
	var b strings.Builder
	prev := ""
	for _, line := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		line = strings.TrimSpace(line)
		if line == "" || line == prev {
			continue
		}
		if b.Len() > 0 {
			if strings.HasSuffix(prev, ":") {
				b.WriteString(" ")
			} else {
				b.WriteString("; ")
			}
		}
		b.WriteString(line)
		prev = line
	}
	return b.String()
}
