module asyncvm

go 1.26.8

require (
	github.com/chzyer/readline v1.5.1
	github.com/google/go-cmp v0.7.0
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	golang.org/x/sys v0.0.0-20220310020820-b874c991c1a5 // indirect
)
