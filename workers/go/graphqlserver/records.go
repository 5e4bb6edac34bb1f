package graphqlserver

import (
	"context"

	"github.com/bancada-lab/bancada/workers/go/service"
)

// The database methods of seed 001 (fields pets, people, createPet,
// createPerson); rules and database in service (service.ListPets ...).

// pet is the schema's Pet; graph-gophers matches created_at to CreatedAt.
type pet struct {
	ID                   Int64
	CreatedAt, UpdatedAt string
	DeletedAt            *string
	Name                 string
	Age                  int32
	Type                 string
}

// person is the schema's Person.
type person struct {
	ID                   Int64
	CreatedAt, UpdatedAt string
	DeletedAt            *string
	FirstName, LastName  string
	Email                string
	Age                  int32
	Phone, Gender        string
	Biography            string
}

// petInput is the schema's PetInput.
type petInput struct {
	Name string
	Age  int32
	Type string
}

// personInput is the schema's PersonInput.
type personInput struct {
	FirstName, LastName string
	Email               string
	Age                 int32
	Phone, Gender       string
	Biography           string
}

func (r *resolver) Pets(ctx context.Context, args struct{ Limit int32 }) ([]*pet, error) {
	rows, err := service.ListPets(ctx, r.env.Cfg.Records, int64(args.Limit))
	if err != nil {
		return nil, invalid(err)
	}
	out := make([]*pet, len(rows))
	for i := range rows {
		out[i] = petOf(&rows[i])
	}
	return out, nil
}

func (r *resolver) People(ctx context.Context, args struct{ Limit int32 }) ([]*person, error) {
	rows, err := service.ListPeople(ctx, r.env.Cfg.Records, int64(args.Limit))
	if err != nil {
		return nil, invalid(err)
	}
	out := make([]*person, len(rows))
	for i := range rows {
		out[i] = personOf(&rows[i])
	}
	return out, nil
}

func (r *resolver) CreatePet(ctx context.Context, args struct{ Input petInput }) (*pet, error) {
	in := args.Input
	row, err := service.CreatePet(ctx, r.env.Cfg.Records, service.NewPet{Name: in.Name, Age: in.Age, Type: in.Type})
	if err != nil {
		return nil, invalid(err)
	}
	return petOf(&row), nil
}

func (r *resolver) CreatePerson(ctx context.Context, args struct{ Input personInput }) (*person, error) {
	in := args.Input
	row, err := service.CreatePerson(ctx, r.env.Cfg.Records, service.NewPerson{
		FirstName: in.FirstName, LastName: in.LastName, Email: in.Email, Age: in.Age,
		Phone: in.Phone, Gender: in.Gender, Biography: in.Biography,
	})
	if err != nil {
		return nil, invalid(err)
	}
	return personOf(&row), nil
}

func petOf(p *service.Pet) *pet {
	return &pet{ID: Int64(p.ID), CreatedAt: service.FormatTime(p.CreatedAt), UpdatedAt: service.FormatTime(p.UpdatedAt),
		DeletedAt: service.FormatDeleted(p.DeletedAt), Name: p.Name, Age: p.Age, Type: p.Type}
}

func personOf(p *service.Person) *person {
	return &person{ID: Int64(p.ID), CreatedAt: service.FormatTime(p.CreatedAt), UpdatedAt: service.FormatTime(p.UpdatedAt),
		DeletedAt: service.FormatDeleted(p.DeletedAt), FirstName: p.FirstName, LastName: p.LastName, Email: p.Email,
		Age: p.Age, Phone: p.Phone, Gender: p.Gender, Biography: p.Biography}
}
