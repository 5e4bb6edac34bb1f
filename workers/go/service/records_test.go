package service

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestCheckLimit(t *testing.T) {
	for _, ok := range []int64{1, 10, 100, 1000} {
		if err := CheckLimit(ok); err != nil {
			t.Errorf("limit %d: %v", ok, err)
		}
	}
	for _, bad := range []int64{0, -1, 1001, 1 << 40} {
		if err := CheckLimit(bad); !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "limit") {
			t.Errorf("limit %d: %v, want an invalid argument naming the limit", bad, err)
		}
	}
}

func TestCheckNewPet(t *testing.T) {
	good := NewPet{Name: "Rex", Age: 3, Type: "dog"}
	if err := good.Check(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pet  NewPet
		want string
	}{
		{NewPet{Name: "", Age: 3, Type: "dog"}, "name must not be empty"},
		{NewPet{Name: " \t", Age: 3, Type: "dog"}, "name must not be empty"},
		{NewPet{Name: "Rex", Age: 3, Type: " "}, "type must not be empty"},
		{NewPet{Name: "Rex", Age: -1, Type: "dog"}, "age must be between 0 and 200, got -1"},
		{NewPet{Name: "Rex", Age: 201, Type: "dog"}, "age must be between 0 and 200, got 201"},
	} {
		err := tc.pet.Check()
		if !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: %v, want one line with %q", tc.pet, err, tc.want)
		}
	}
	for _, age := range []int32{0, 200} {
		if err := (NewPet{Name: "a", Age: age, Type: "b"}).Check(); err != nil {
			t.Errorf("age %d: %v", age, err)
		}
	}
	// Every problem is named, on one line.
	err := NewPet{Age: -5}.Check()
	for _, want := range []string{"name", "type", "age"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%v does not name %s", err, want)
		}
	}
}

func TestCheckNewPersonEmail(t *testing.T) {
	person := func(email string) NewPerson {
		return NewPerson{FirstName: "Ana", LastName: "Lima", Email: email, Age: 30}
	}
	for _, ok := range []string{"ana@example.com", "a.b+c@d.e.f", "x@y.zz", "ana@ex-ample.com.br", "a@b.c"} {
		if err := person(ok).Check(); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "ana", "ana@", "@example.com", "ana@example", "ana@@example.com", "a@b@c.com",
		"ana @example.com", "ana@exa mple.com", "ana@.example.com", "ana@example.com.", "ana@example."} {
		err := person(bad).Check()
		if !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "email") {
			t.Errorf("%q: %v, want an invalid email", bad, err)
		}
	}
	for _, tc := range []struct {
		p    NewPerson
		want string
	}{
		{NewPerson{LastName: "Lima", Email: "a@b.c"}, "first_name must not be empty"},
		{NewPerson{FirstName: "Ana", LastName: "  ", Email: "a@b.c"}, "last_name must not be empty"},
		{NewPerson{FirstName: "Ana", LastName: "Lima", Email: "a@b.c", Age: -1}, "age must be between 0 and 200"},
	} {
		if err := tc.p.Check(); !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.p, err, tc.want)
		}
	}
	// phone, gender and biography may be empty.
	if err := person("ana@example.com").Check(); err != nil {
		t.Error(err)
	}
}

// Without a database: invalid requests are still refused as such (checked
// first); valid ones answer ErrNoDatabase, which is ErrUnavailable.
func TestNoDatabase(t *testing.T) {
	ctx := context.Background()
	if _, err := ListPets(ctx, nil, 0); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("limit 0 without a database: %v", err)
	}
	if _, err := CreatePerson(ctx, nil, NewPerson{FirstName: "a", LastName: "b", Email: "nope"}); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("bad email without a database: %v", err)
	}
	_, e1 := ListPets(ctx, nil, 10)
	_, e2 := ListPeople(ctx, nil, 1000)
	_, e3 := CreatePet(ctx, nil, NewPet{Name: "Rex", Type: "dog"})
	_, e4 := CreatePerson(ctx, nil, NewPerson{FirstName: "a", LastName: "b", Email: "a@b.c"})
	for i, err := range []error{e1, e2, e3, e4} {
		if !errors.Is(err, ErrUnavailable) || errors.Is(err, ErrInvalidArgument) ||
			err.Error() != "no database: the worker was started without BANCADA_DATABASE_URL" {
			t.Errorf("method %d: %v", i, err)
		}
	}
	cause := errors.New("connection refused")
	if err := Unavailable("database: down", cause); !errors.Is(err, ErrUnavailable) || !errors.Is(err, cause) || err.Error() != "database: down" {
		t.Errorf("Unavailable: %v", err)
	}
}

func TestFormatTime(t *testing.T) {
	sp := time.FixedZone("BRT", -3*3600)
	for in, want := range map[time.Time]string{
		time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC):             "2024-01-01T00:00:00Z",
		time.Date(2024, 1, 1, 0, 1, 0, 0, time.UTC):             "2024-01-01T00:01:00Z",
		time.Date(2026, 11, 23, 14, 40, 1, 123456000, sp):       "2026-11-23T17:40:01.123456Z",
		time.Date(2026, 11, 23, 17, 40, 1, 120000000, sp):       "2026-11-23T20:40:01.12Z",
		time.Date(2026, 11, 23, 17, 40, 1, 123456789, time.UTC): "2026-11-23T17:40:01.123456Z",
	} {
		if got := FormatTime(in); got != want {
			t.Errorf("FormatTime(%v) = %q, want %q", in, got, want)
		}
	}
	if FormatDeleted(nil) != nil {
		t.Error("FormatDeleted(nil) is not nil")
	}
}
