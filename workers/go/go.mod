module github.com/bancada-lab/bancada/workers/go

go 1.26.0

require (
	github.com/graph-gophers/graphql-go v1.11.0
	github.com/jackc/pgx/v5 v5.10.0
	github.com/vektah/gqlparser/v2 v2.5.64
	google.golang.org/grpc v1.85.0
	google.golang.org/protobuf v1.36.12
	gorm.io/driver/postgres v1.6.3
	gorm.io/gorm v1.31.2
)

require (
	github.com/linkedin/goavro/v2 v2.15.0 // indirect
	github.com/ugorji/go/codec v1.3.2 // indirect
)

require (
	github.com/agnivade/levenshtein v1.2.2 // indirect
	github.com/bancada-lab/bancada/contract/go v0.0.0
	github.com/golang/snappy v0.0.1 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.2 // indirect
	github.com/jinzhu/inflection v1.0.0 // indirect
	github.com/jinzhu/now v1.1.5 // indirect
	golang.org/x/net v0.60.0 // indirect
	golang.org/x/sync v0.23.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/text v0.42.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260817212433-ac3dfec99bb1 // indirect
)

replace github.com/bancada-lab/bancada/contract/go => ../../contract/go
