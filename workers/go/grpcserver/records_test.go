package grpcserver

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// Without a database: refused requests are INVALID_ARGUMENT, valid ones
// UNAVAILABLE with the contract's message; Ping still answers.
func TestDatabaseMethodsWithoutDatabase(t *testing.T) {
	c := startBench(t, service.Config{})
	noDB := "no database: the worker was started without BANCADA_DATABASE_URL"
	person := &pb.CreatePersonRequest{FirstName: "Ana", LastName: "Lima", Email: "ana@example.com", Age: 30}
	calls := []struct {
		name string
		call func(context.Context) error
		code codes.Code
		says string
	}{
		{"list pets 10", func(ctx context.Context) error { _, err := c.ListPets(ctx, &pb.ListPetsRequest{Limit: 10}); return err }, codes.Unavailable, noDB},
		{"list people 1000", func(ctx context.Context) error {
			_, err := c.ListPeople(ctx, &pb.ListPeopleRequest{Limit: 1000})
			return err
		}, codes.Unavailable, noDB},
		{"create pet", func(ctx context.Context) error {
			_, err := c.CreatePet(ctx, &pb.CreatePetRequest{Name: "Rex", Age: 3, Type: "dog"})
			return err
		}, codes.Unavailable, noDB},
		{"create person", func(ctx context.Context) error { _, err := c.CreatePerson(ctx, person); return err }, codes.Unavailable, noDB},
		{"list pets, no limit", func(ctx context.Context) error { _, err := c.ListPets(ctx, &pb.ListPetsRequest{}); return err },
			codes.InvalidArgument, "got 0"},
		{"list people 1001", func(ctx context.Context) error {
			_, err := c.ListPeople(ctx, &pb.ListPeopleRequest{Limit: 1001})
			return err
		}, codes.InvalidArgument, "got 1001"},
		{"pet without a name", func(ctx context.Context) error {
			_, err := c.CreatePet(ctx, &pb.CreatePetRequest{Age: 3, Type: "dog"})
			return err
		}, codes.InvalidArgument, "name must not be empty"},
		{"person with a bad email", func(ctx context.Context) error {
			_, err := c.CreatePerson(ctx, &pb.CreatePersonRequest{FirstName: "Ana", LastName: "Lima", Email: "ana@example", Age: 30})
			return err
		}, codes.InvalidArgument, "email must be an address"},
		{"person of age -1", func(ctx context.Context) error {
			_, err := c.CreatePerson(ctx, &pb.CreatePersonRequest{FirstName: "Ana", LastName: "Lima", Email: "a@b.c", Age: -1})
			return err
		}, codes.InvalidArgument, "age must be between 0 and 200"},
	}
	for _, k := range calls {
		err := k.call(ctx(t))
		if s := status.Convert(err); s.Code() != k.code || !strings.Contains(s.Message(), k.says) {
			t.Errorf("%s: %v, want %v saying %q", k.name, err, k.code, k.says)
		}
	}
	if _, err := c.Ping(ctx(t), &pb.PingRequest{}); err != nil {
		t.Errorf("ping without a database: %v", err)
	}
}
