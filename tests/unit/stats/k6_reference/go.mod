module bancada/k6_reference

go 1.26.8

require go.k6.io/k6 v0.49.0

require (
	github.com/josharian/intern v1.0.0 // indirect
	github.com/mailru/easyjson v0.7.7 // indirect
	github.com/mstoykov/atlas v0.0.0-20220811071828-388f114305dd // indirect
	gopkg.in/guregu/null.v3 v3.3.0 // indirect
)
