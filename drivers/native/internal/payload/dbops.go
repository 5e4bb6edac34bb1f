package payload

import (
	"fmt"
	"strconv"
	"strings"

	pb "github.com/bancada-lab/bancada/contract/go/gen/bancadav1"
	"github.com/bancada-lab/bancada/contract/go/pick"
	"github.com/bancada-lab/bancada/contract/go/restapi"
	"google.golang.org/protobuf/proto"

	"github.com/bancada-lab/bancada/drivers/native/internal/job"
	"github.com/bancada-lab/bancada/drivers/native/internal/protocol"
)

// The database methods of the microservices study (seed 001;
// proto/bancada/v1/bench.proto, "The database methods"): job operation ->
// rpc name and REST path.
var dbMethods = map[string]struct{ rpc, path string }{
	"list_pets":     {"ListPets", "/v1/pets"},
	"list_people":   {"ListPeople", "/v1/people"},
	"create_pet":    {"CreatePet", "/v1/pets"},
	"create_person": {"CreatePerson", "/v1/people"},
}

// The fixed lists the created records draw from (app/bancada/wire/db_requests.py has the same).
var (
	PetNames    = []string{"Rex", "Luna", "Thor", "Mel", "Bob", "Nina", "Toby", "Lola"}
	PetTypes    = []string{"dog", "cat", "bird", "fish", "rabbit", "hamster"}
	FirstNames  = []string{"Ana", "Bruno", "Carla", "Diego", "Elisa", "Felipe", "Gabriela", "Hugo"}
	LastNames   = []string{"Lima", "Souza", "Silva", "Costa", "Rocha", "Alves", "Pereira", "Gomes"}
	Genders     = []string{"female", "male", "other"}
	BioWords    = []string{"api", "bench", "client", "data", "latency", "load", "network", "query", "record", "request", "server", "service", "test", "time", "user", "worker"}
	golden      = uint64(0x9E3779B97F4A7C15)
	bioSentence = 7 // words per sentence; five sentences per paragraph, five paragraphs (seed 001's biography)
)

// RecordRNG is the generator of the record of request seq: SplitMix64 with
// state seed XOR ((seq+1) * 0x9E3779B97F4A7C15) (64-bit wrap-around).
func RecordRNG(seed uint64, seq uint64) *pick.SplitMix64 {
	return pick.NewSplitMix64(seed ^ ((seq + 1) * golden))
}

// NewPet is the pet of request seq: name PetNames[next mod 8] + " " + seq,
// age next mod 21, type PetTypes[next mod 6], drawn in that order from RecordRNG(seed, seq).
func NewPet(seed, seq uint64) *pb.CreatePetRequest {
	rng := RecordRNG(seed, seq)
	name := PetNames[rng.Next()%uint64(len(PetNames))] + " " + strconv.FormatUint(seq, 10)
	age := int32(rng.Next() % 21)
	return &pb.CreatePetRequest{Name: name, Age: age, Type: PetTypes[rng.Next()%uint64(len(PetTypes))]}
}

// NewPerson is the person of request seq, drawn in this order from
// RecordRNG(seed, seq): first name, last name (8 each), age 18 + next mod 63,
// phone "555-" + 4 digits (next mod 10000), gender (3), then the biography:
// five paragraphs of five sentences of seven BioWords (next mod 16 each), the
// first word capitalized, a period at the end, paragraphs separated by a
// blank line. The email is first.last.seq@example.com in lower case.
func NewPerson(seed, seq uint64) *pb.CreatePersonRequest {
	rng := RecordRNG(seed, seq)
	pickOf := func(list []string) string { return list[rng.Next()%uint64(len(list))] }
	first, last := pickOf(FirstNames), pickOf(LastNames)
	age := int32(18 + rng.Next()%63)
	phone := fmt.Sprintf("555-%04d", rng.Next()%10000)
	gender := pickOf(Genders)
	var bio strings.Builder
	for p := 0; p < 5; p++ {
		if p > 0 {
			bio.WriteString("\n\n")
		}
		for s := 0; s < 5; s++ {
			if s > 0 {
				bio.WriteByte(' ')
			}
			for w := 0; w < bioSentence; w++ {
				word := pickOf(BioWords)
				if w == 0 {
					word = strings.ToUpper(word[:1]) + word[1:]
				} else {
					bio.WriteByte(' ')
				}
				bio.WriteString(word)
			}
			bio.WriteByte('.')
		}
	}
	email := strings.ToLower(first) + "." + strings.ToLower(last) + "." + strconv.FormatUint(seq, 10) + "@example.com"
	return &pb.CreatePersonRequest{FirstName: first, LastName: last, Email: email, Age: age, Phone: phone,
		Gender: gender, Biography: bio.String()}
}

// IsDB reports whether op is one of the database methods.
func IsDB(op string) bool { _, ok := dbMethods[op]; return ok }

// Varies reports whether t's request changes with each request (a create:
// a new record per sequence number).
func Varies(t *job.Treatment) bool {
	return t.Operation == "create_pet" || t.Operation == "create_person"
}

// buildDB fills r with the request of a database method for request seq:
// the protobuf message, the REST route (GET <path>?limit=N for the lists,
// POST <path> with the record for the creates) and the arguments
// ({"limit":N} or the record), in the envelope of t's protocol.
//
// A list's answer is checked to hold at most limit rows (r.Rows).
func buildDB(t *job.Treatment, r *Request, seq uint64) error {
	m := dbMethods[t.Operation]
	p := t.Payload
	if p == nil {
		p = &job.Payload{}
	}
	r.GRPCMethod = "/bancada.v1.Bench/" + m.rpc
	var msg proto.Message
	var params any // the arguments: {"limit": N}, or the record as restapi's create body (every field written)
	switch t.Operation {
	case "list_pets", "list_people":
		if p.Limit == nil {
			return fmt.Errorf("%s needs a limit", t.Operation)
		}
		limit := int32(*p.Limit)
		r.Rows = int(limit)
		if t.Operation == "list_pets" {
			msg = &pb.ListPetsRequest{Limit: limit}
		} else {
			msg = &pb.ListPeopleRequest{Limit: limit}
		}
		params = map[string]int32{"limit": limit}
		r.HTTPMethod, r.HTTPPath = "GET", m.path+"?limit="+strconv.Itoa(int(limit))
	case "create_pet":
		pet := NewPet(p.SeedValue(), seq)
		msg, params = pet, restapi.CreatePetRequest{Name: pet.Name, Age: pet.Age, Type: pet.Type}
		r.HTTPMethod, r.HTTPPath = "POST", m.path
	case "create_person":
		x := NewPerson(p.SeedValue(), seq)
		msg, params = x, restapi.CreatePersonRequest{FirstName: x.FirstName, LastName: x.LastName, Email: x.Email, Age: x.Age,
			Phone: x.Phone, Gender: x.Gender, Biography: x.Biography}
		r.HTTPMethod, r.HTTPPath = "POST", m.path
	}
	var body any // the REST body: none for a list's GET
	if r.HTTPMethod == "POST" {
		body = params
	}
	return encode(t, r, protocol.Call{RPC: m.rpc, Message: msg, Body: body, Params: params})
}

// BuildSeq is Build for request seq (the creates' record depends on it; for
// every other operation it is Build).
func BuildSeq(t *job.Treatment, seq uint64) (*Request, error) {
	if !IsDB(t.Operation) {
		return Build(t)
	}
	r := &Request{}
	return r, buildDB(t, r, seq)
}
