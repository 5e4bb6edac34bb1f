module github.com/bancada-lab/bancada/drivers/native

go 1.26.8

require (
	github.com/golang/snappy v0.0.1 // indirect
	github.com/linkedin/goavro/v2 v2.15.0 // indirect
	github.com/ugorji/go/codec v1.3.2 // indirect
	golang.org/x/net v0.60.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/text v0.42.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260817212433-ac3dfec99bb1 // indirect
)

require (
	github.com/HdrHistogram/hdrhistogram-go v1.4.0
	github.com/bancada-lab/bancada/contract/go v0.0.0
	github.com/bancada-lab/bancada/workers/go v0.0.0
	google.golang.org/grpc v1.85.0
	google.golang.org/protobuf v1.36.12
)

replace github.com/bancada-lab/bancada/contract/go => ../../contract/go

replace github.com/bancada-lab/bancada/workers/go => ../../workers/go
