// Package catalog is the built-in set of Oracle kernel functions worth counting, grouped by the
// performance pattern they reveal. Descriptions are our own words; the facts come from the seeds
// (../shared/seeds) and public write-ups cited there. Pattern ids match the static rules' ids
// where a rule exists, so a profile can be tied back to an editor hint.
package catalog

import (
	"sort"

	"github.com/plsql-perf/plsql-perf/probe/internal/profile"
)

// Pattern is one group of functions.
type Pattern struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Functions []string `json:"functions"`
	Rule      string   `json:"rule,omitempty"` // static rule id that predicts this pattern
	Meaning   string   `json:"meaning"`
}

var patterns = []Pattern{
	{ID: "library-cache-pins", Title: "Library-cache pins", Rule: "standalone-call-in-loop",
		Functions: []string{"kgiPinObject", "kglpnp", "kglPinSetContext"},
		Meaning:   "one pin of a foreign object per call of a standalone subprogram; in the seed, kgiPinObject took most of the elapsed time of 1,000,000 calls"},
	{ID: "plsql-calls", Title: "PL/SQL calls",
		Functions: []string{"pfrinstr_XCAL", "pevm_ENTER", "pevm_CHK_INST"},
		Meaning:   "PL/SQL virtual machine call and entry instructions: the number of PL/SQL subprogram calls"},
	{ID: "errors-and-messages", Title: "Errors and messages", Rule: "exception-handler-in-loop",
		Functions: []string{"kgebse", "kgeselv", "kgespf", "lmsagbf", "lmsapsc", "slmsrd"},
		Meaning:   "raising an error and fetching its message text; on 12.2 each handled exception read oraus.msb twice through slmsrd"},
	{ID: "in-band-break-checks", Title: "In-band break checks",
		Functions: []string{"snttmoredata", "nsmore2recv", "sntpoltsts"},
		Meaning:   "the server polls the client socket during long calls when out-of-band break is unavailable; shows as poll() calls"},
	{ID: "rowsource-statistics", Title: "Rowsource statistics", Rule: "plan-statistics-in-code",
		Functions: []string{"qerstSnapStats", "qerstUpdateStats"},
		Meaning:   "rowsource statistics (statistics_level=ALL, gather_plan_statistics, SQL trace) take timer readings per row"},
	{ID: "utl-file", Title: "UTL_FILE", Rule: "utl-file-small-buffer",
		Functions: []string{"pifipr", "slfiwrb", "slfifl"},
		Meaning:   "UTL_FILE writes and flushes; pair with the write() size histogram (4096 vs 32767 bytes)"},
}

// All returns the patterns in a stable order.
func All() []Pattern {
	out := make([]Pattern, len(patterns))
	copy(out, patterns)
	return out
}

// Get returns a pattern by id.
func Get(id string) (Pattern, bool) {
	for _, p := range patterns {
		if p.ID == id {
			return p, true
		}
	}
	return Pattern{}, false
}

// IDs returns the pattern ids, sorted.
func IDs() []string {
	var ids []string
	for _, p := range patterns {
		ids = append(ids, p.ID)
	}
	sort.Strings(ids)
	return ids
}

// PatternOf names the pattern a function belongs to ("" when it is not in the catalog).
func PatternOf(fn string) string {
	for _, p := range patterns {
		for _, f := range p.Functions {
			if f == fn {
				return p.ID
			}
		}
	}
	return ""
}

// Summaries ties counted functions to the catalog patterns (in catalog order), with the static
// rule that predicts each; patterns without a counted function are left out.
func Summaries(fns []profile.FunctionCount) []profile.PatternSummary {
	out := []profile.PatternSummary{}
	for _, pat := range patterns {
		s := profile.PatternSummary{ID: pat.ID, Title: pat.Title, Rule: pat.Rule, Functions: []string{}}
		for _, fn := range fns {
			if fn.Pattern == pat.ID {
				s.Calls += fn.Calls
				s.Functions = append(s.Functions, fn.Name)
			}
		}
		if len(s.Functions) > 0 {
			out = append(out, s)
		}
	}
	return out
}
