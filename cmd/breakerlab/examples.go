package main

// commandExamples are the examples `breakerlab help NAME` and `NAME --help`
// print, for the commands registered without their own (command.examples).
// One command line a line, or more where it ends in a backslash (a
// shell reads the next line as its rest): every one fits in 80 columns;
// what follows two spaces says what it does.
var commandExamples = map[string]string{
	"challenge": `breakerlab challenge timeout-pool                    play a level
breakerlab challenge timeout-pool --check design.toml  grade a design headless`,
	"challenges": `breakerlab challenges                  the levels and your stars
breakerlab challenges --check          check every brief's numbers
breakerlab challenges --check my.toml  check a teacher's challenge file`,
	"cheatsheet": `breakerlab cheatsheet
breakerlab cheatsheet --format markdown > sheet.md
breakerlab cheatsheet --check`,
	"completion": `source <(breakerlab completion bash)                      bash, this shell
breakerlab completion zsh > "${fpath[1]}/_breakerlab"     zsh
breakerlab completion fish > ~/.config/fish/completions/breakerlab.fish
breakerlab completion powershell | Out-String | Invoke-Expression`,
	"drill": `breakerlab drill                         today's cards
breakerlab drill --topic breaker --new 5
breakerlab drill --generate 10 --seed 3  a worksheet of generated problems`,
	"exercises": `breakerlab exercises init && cd breakerlab-workbook
breakerlab exercises                     the runner: re-checks on every save
breakerlab exercises check 01            grade one exercise
breakerlab exercises hint 01 2`,
	"facts": `breakerlab facts                         every fact, with its source
breakerlab facts aws.retry.capacity`,
	"home": `breakerlab home
breakerlab --present                     large type, for a projector`,
	"interview": `breakerlab interview --list
breakerlab interview api-gateway --minutes 30
breakerlab interview --rubric api-gateway
breakerlab interview --history           the interviews you saved
breakerlab interview --history 1         the first: prompt, answer, rubric as marked`,
	"lab": `breakerlab lab checkout                   all four modes on real sockets
breakerlab lab checkout --mode protected --format json
breakerlab lab checkout --server go        the API as a Go service, its simulation beside it
breakerlab lab checkout --tui`,
	"lesson": `breakerlab lesson 01-one-slow-dependency
breakerlab lesson 01-one-slow-dependency --step 3
breakerlab lesson my-lesson.md --check   check a teacher's lesson file`,
	"lessons": `breakerlab lessons`,
	"man":     `breakerlab man ./man && man ./man/breakerlab-run.1`,
	"new": `breakerlab new                           an empty server or a built-in to copy
breakerlab new my-system.toml            build on a file saved with w`,
	"presets": `breakerlab presets
breakerlab presets resilience4j gobreaker`,
	"run": `breakerlab run cascade --seed 5
breakerlab run cascade --format json | jq .variants[0].endpoints
breakerlab run my-scenario.toml --format csv -o out.csv
breakerlab run checkout --format svg -o checkout.svg`,
	"sandbox": `breakerlab sandbox                       the cascade, live
breakerlab sandbox checkout --seed 7
breakerlab sandbox my-scenario.toml`,
	"scenarios": `breakerlab scenarios
breakerlab scenarios --dump cascade > my-scenario.toml`,
	"serve": `breakerlab serve --listen :2222 --password
breakerlab serve --authorized-keys keys.txt --teacher`,
	"sweep": `breakerlab sweep cascade --measure search.ok \
    --vary recommendations.bulkhead=20..200:10
breakerlab sweep cascade --measure search.ok --goal 'search.ok>=99%' \
    --vary recommendations.timeout=250ms..5s:12 --vary workers=100..400:7`,
	"version": `breakerlab version`,
}
