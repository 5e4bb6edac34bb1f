package jsonops

import (
	"context"

	"github.com/bancada-lab/bancada/contract/go/restapi"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// The database methods of seed 001 on JSON bodies; the rules and the
// database are service's (service.ListPets ...), shared with every server.

func listPets(ctx context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.ListRequest
	if err := decode(body, &req, strict, "list pets"); err != nil {
		return nil, err
	}
	rows, err := service.ListPets(ctx, env.Cfg.Records, int64(req.Limit))
	if err != nil {
		return nil, err
	}
	out := restapi.ListPetsResponse{Pets: make([]restapi.Pet, len(rows))}
	for i := range rows {
		out.Pets[i] = PetOf(&rows[i])
	}
	return out, nil
}

func listPeople(ctx context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.ListRequest
	if err := decode(body, &req, strict, "list people"); err != nil {
		return nil, err
	}
	rows, err := service.ListPeople(ctx, env.Cfg.Records, int64(req.Limit))
	if err != nil {
		return nil, err
	}
	out := restapi.ListPeopleResponse{People: make([]restapi.Person, len(rows))}
	for i := range rows {
		out.People[i] = PersonOf(&rows[i])
	}
	return out, nil
}

func createPet(ctx context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.CreatePetRequest
	if err := decode(body, &req, strict, "create pet"); err != nil {
		return nil, err
	}
	row, err := service.CreatePet(ctx, env.Cfg.Records, service.NewPet{Name: req.Name, Age: req.Age, Type: req.Type})
	if err != nil {
		return nil, err
	}
	return restapi.CreatePetResponse{Pet: PetOf(&row)}, nil
}

func createPerson(ctx context.Context, env *Env, body []byte, strict bool) (any, error) {
	var req restapi.CreatePersonRequest
	if err := decode(body, &req, strict, "create person"); err != nil {
		return nil, err
	}
	row, err := service.CreatePerson(ctx, env.Cfg.Records, service.NewPerson{
		FirstName: req.FirstName, LastName: req.LastName, Email: req.Email, Age: req.Age,
		Phone: req.Phone, Gender: req.Gender, Biography: req.Biography,
	})
	if err != nil {
		return nil, err
	}
	return restapi.CreatePersonResponse{Person: PersonOf(&row)}, nil
}

// PetOf is a pet row in its JSON shape.
func PetOf(p *service.Pet) restapi.Pet {
	return restapi.Pet{ID: p.ID, CreatedAt: service.FormatTime(p.CreatedAt), UpdatedAt: service.FormatTime(p.UpdatedAt),
		DeletedAt: service.FormatDeleted(p.DeletedAt), Name: p.Name, Age: p.Age, Type: p.Type}
}

// PersonOf is a person row in its JSON shape.
func PersonOf(p *service.Person) restapi.Person {
	return restapi.Person{ID: p.ID, CreatedAt: service.FormatTime(p.CreatedAt), UpdatedAt: service.FormatTime(p.UpdatedAt),
		DeletedAt: service.FormatDeleted(p.DeletedAt), FirstName: p.FirstName, LastName: p.LastName, Email: p.Email,
		Age: p.Age, Phone: p.Phone, Gender: p.Gender, Biography: p.Biography}
}
