package grpcserver

import (
	"context"
	"time"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/workers/go/service"
)

// The database methods of seed 001; rules and database in service (service.ListPets ...).
// deleted_at is "" for a row not deleted, as the contract says for gRPC.

func (b *bench) ListPets(ctx context.Context, req *pb.ListPetsRequest) (*pb.ListPetsResponse, error) {
	rows, err := service.ListPets(ctx, b.cfg.Records, int64(req.GetLimit()))
	if err != nil {
		return nil, statusOf(err)
	}
	out := &pb.ListPetsResponse{Pets: make([]*pb.Pet, len(rows))}
	for i := range rows {
		out.Pets[i] = petOf(&rows[i])
	}
	return out, nil
}

func (b *bench) ListPeople(ctx context.Context, req *pb.ListPeopleRequest) (*pb.ListPeopleResponse, error) {
	rows, err := service.ListPeople(ctx, b.cfg.Records, int64(req.GetLimit()))
	if err != nil {
		return nil, statusOf(err)
	}
	out := &pb.ListPeopleResponse{People: make([]*pb.Person, len(rows))}
	for i := range rows {
		out.People[i] = personOf(&rows[i])
	}
	return out, nil
}

func (b *bench) CreatePet(ctx context.Context, req *pb.CreatePetRequest) (*pb.CreatePetResponse, error) {
	row, err := service.CreatePet(ctx, b.cfg.Records, service.NewPet{Name: req.GetName(), Age: req.GetAge(), Type: req.GetType()})
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.CreatePetResponse{Pet: petOf(&row)}, nil
}

func (b *bench) CreatePerson(ctx context.Context, req *pb.CreatePersonRequest) (*pb.CreatePersonResponse, error) {
	row, err := service.CreatePerson(ctx, b.cfg.Records, service.NewPerson{
		FirstName: req.GetFirstName(), LastName: req.GetLastName(), Email: req.GetEmail(), Age: req.GetAge(),
		Phone: req.GetPhone(), Gender: req.GetGender(), Biography: req.GetBiography(),
	})
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.CreatePersonResponse{Person: personOf(&row)}, nil
}

func petOf(p *service.Pet) *pb.Pet {
	return &pb.Pet{Id: p.ID, CreatedAt: service.FormatTime(p.CreatedAt), UpdatedAt: service.FormatTime(p.UpdatedAt),
		DeletedAt: deletedOf(p.DeletedAt), Name: p.Name, Age: p.Age, Type: p.Type}
}

func personOf(p *service.Person) *pb.Person {
	return &pb.Person{Id: p.ID, CreatedAt: service.FormatTime(p.CreatedAt), UpdatedAt: service.FormatTime(p.UpdatedAt),
		DeletedAt: deletedOf(p.DeletedAt), FirstName: p.FirstName, LastName: p.LastName, Email: p.Email, Age: p.Age,
		Phone: p.Phone, Gender: p.Gender, Biography: p.Biography}
}

// deletedOf is a row's deleted_at as gRPC writes it: "" for a row not deleted.
func deletedOf(t *time.Time) string {
	if t == nil {
		return ""
	}
	return service.FormatTime(*t)
}
