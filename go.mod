module asyncvm

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/chromedp/chromedp v0.23.1
	github.com/chzyer/readline v1.5.1
	github.com/google/go-cmp v0.7.0
	golang.org/x/text v0.44.0
)

require (
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/sys v0.0.0-20220310020820-b874c991c1a5 // indirect
)

// participle v2.1.4 with one start-up patch (third_party/participle/README.md).
replace github.com/alecthomas/participle/v2 => ./third_party/participle
