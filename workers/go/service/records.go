package service

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// The database methods of the microservices study (seed 001), protocol-free,
// as proto/bancada/v1/bench.proto ("The database methods") defines them. The
// protocols call ListPets, ListPeople, CreatePet and CreatePerson below: they
// check the request (errors wrap ErrInvalidArgument, nothing is written),
// then ask the Records of the worker (package petstore, GORM on PostgreSQL),
// or answer ErrNoDatabase when the worker was started without one.

// ErrUnavailable marks a database that is not configured or fails (each
// server answers it with its protocol's "unavailable": a status, an error
// code); test with errors.Is.
var ErrUnavailable = errors.New("unavailable")

// ErrNoDatabase is the answer of the four methods in a worker started without BANCADA_DATABASE_URL.
var ErrNoDatabase error = &unavailable{msg: "no database: the worker was started without BANCADA_DATABASE_URL"}

// unavailable is an ErrUnavailable whose message is only its reason.
type unavailable struct {
	msg   string
	cause error
}

func (e *unavailable) Error() string        { return e.msg }
func (e *unavailable) Unwrap() error        { return e.cause }
func (e *unavailable) Is(target error) bool { return target == ErrUnavailable }

// Unavailable returns an error that is ErrUnavailable, reads msg and wraps cause (may be nil).
func Unavailable(msg string, cause error) error {
	return &unavailable{msg: msg, cause: cause}
}

// MaxLimit is the largest limit of ListPets and ListPeople; the smallest is 1.
const MaxLimit = 1000

// MaxAge is the largest age of a new pet or person; the smallest is 0.
const MaxAge = 200

// Pet is a row of the table pets. DeletedAt is nil for a row not deleted.
type Pet struct {
	ID                   int64
	CreatedAt, UpdatedAt time.Time
	DeletedAt            *time.Time
	Name                 string
	Age                  int32
	Type                 string
}

// Person is a row of the table people; Biography is paragraphs separated by a blank line.
type Person struct {
	ID                   int64
	CreatedAt, UpdatedAt time.Time
	DeletedAt            *time.Time
	FirstName, LastName  string
	Email                string
	Age                  int32
	Phone, Gender        string
	Biography            string
}

// NewPet is what CreatePet inserts.
type NewPet struct {
	Name string
	Age  int32
	Type string
}

// NewPerson is what CreatePerson inserts.
type NewPerson struct {
	FirstName, LastName string
	Email               string
	Age                 int32
	Phone, Gender       string
	Biography           string
}

// Records reads and writes the tables pets and people; every error is an
// ErrUnavailable carrying the database's one-line reason. Implemented by
// petstore.Store. The arguments are already checked.
type Records interface {
	ListPets(ctx context.Context, limit int) ([]Pet, error)
	ListPeople(ctx context.Context, limit int) ([]Person, error)
	CreatePet(ctx context.Context, p NewPet) (Pet, error)
	CreatePerson(ctx context.Context, p NewPerson) (Person, error)
}

// emailRE is the contract's address rule: exactly one "@", no spaces, a
// non-empty local part, a domain with a dot that neither starts nor ends it.
var emailRE = regexp.MustCompile(`^[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$`)

// CheckLimit refuses a list limit outside 1..MaxLimit.
func CheckLimit(limit int64) error {
	if limit < 1 || limit > MaxLimit {
		return fmt.Errorf("%w: limit must be between 1 and %d, got %d", ErrInvalidArgument, MaxLimit, limit)
	}
	return nil
}

// problems collects the reasons a new row is refused.
type problems []string

func (p *problems) age(age int32) {
	if age < 0 || age > MaxAge {
		*p = append(*p, fmt.Sprintf("age must be between 0 and %d, got %d", MaxAge, age))
	}
}

func (p *problems) notBlank(field, value string) {
	if strings.TrimSpace(value) == "" {
		*p = append(*p, field+" must not be empty")
	}
}

// err is nil without problems, else one ErrInvalidArgument naming them all on one line.
func (p problems) err(op string) error {
	if len(p) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s: %s", ErrInvalidArgument, op, strings.Join(p, "; "))
}

// Check refuses an empty (after trimming spaces) name or type and an age outside 0..MaxAge.
func (p NewPet) Check() error {
	var bad problems
	bad.notBlank("name", p.Name)
	bad.notBlank("type", p.Type)
	bad.age(p.Age)
	return bad.err("create pet")
}

// Check refuses an empty (after trimming spaces) first or last name, an age
// outside 0..MaxAge and an email that is not an address (emailRE).
func (p NewPerson) Check() error {
	var bad problems
	bad.notBlank("first_name", p.FirstName)
	bad.notBlank("last_name", p.LastName)
	if !emailRE.MatchString(p.Email) {
		bad = append(bad, fmt.Sprintf("email must be an address such as ana@example.com, got %q", p.Email))
	}
	bad.age(p.Age)
	return bad.err("create person")
}

// ListPets checks limit and returns the first limit pets not deleted, in id order.
func ListPets(ctx context.Context, r Records, limit int64) ([]Pet, error) {
	if err := CheckLimit(limit); err != nil {
		return nil, err
	}
	if r == nil {
		return nil, ErrNoDatabase
	}
	return r.ListPets(ctx, int(limit))
}

// ListPeople checks limit and returns the first limit people not deleted, in id order.
func ListPeople(ctx context.Context, r Records, limit int64) ([]Person, error) {
	if err := CheckLimit(limit); err != nil {
		return nil, err
	}
	if r == nil {
		return nil, ErrNoDatabase
	}
	return r.ListPeople(ctx, int(limit))
}

// CreatePet checks p, inserts it and returns the stored row with its id.
func CreatePet(ctx context.Context, r Records, p NewPet) (Pet, error) {
	if err := p.Check(); err != nil {
		return Pet{}, err
	}
	if r == nil {
		return Pet{}, ErrNoDatabase
	}
	return r.CreatePet(ctx, p)
}

// CreatePerson checks p, inserts it and returns the stored row with its id.
func CreatePerson(ctx context.Context, r Records, p NewPerson) (Person, error) {
	if err := p.Check(); err != nil {
		return Person{}, err
	}
	if r == nil {
		return Person{}, ErrNoDatabase
	}
	return r.CreatePerson(ctx, p)
}

// timeLayout is RFC 3339 with 0 to 6 fractional digits (trailing zeros dropped).
const timeLayout = "2006-01-02T15:04:05.999999Z07:00"

// FormatTime writes t as the contract's times: RFC 3339 in UTC with a "Z"
// and 0 to 6 fractional digits, e.g. "2026-11-23T17:40:01.123456Z".
func FormatTime(t time.Time) string {
	return t.UTC().Format(timeLayout)
}

// FormatDeleted writes a deleted_at: nil for a row not deleted, else FormatTime.
func FormatDeleted(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := FormatTime(*t)
	return &s
}
