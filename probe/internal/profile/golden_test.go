package profile

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"
)

const (
	goldenPath = "../../schema/testdata/golden-profile.json"
	schemaPath = "../../schema/profile-v1.schema.json"
)

func decodeStrict(t *testing.T, b []byte) *Profile {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var p Profile
	if err := dec.Decode(&p); err != nil {
		t.Fatalf("strict decode: %v", err)
	}
	return &p
}

// TestGoldenRoundTrip decodes the golden profile strictly and re-encodes it to the same JSON.
func TestGoldenRoundTrip(t *testing.T) {
	b, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	p := decodeStrict(t, b)
	if p.Version != Version || p.Collectors.Functions == nil || p.Collectors.Functions.Functions[0].Name != "kgiPinObject" {
		t.Fatalf("golden profile content: %+v", p)
	}
	again, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var want, got any
	_ = json.Unmarshal(b, &want)
	_ = json.Unmarshal(again, &got)
	if !reflect.DeepEqual(want, got) {
		t.Errorf("round trip changed the profile:\nwant %s\ngot  %s", b, again)
	}
}

// TestGoldenRejectsUnknownField: strict decoding refuses a field the schema does not know.
func TestGoldenRejectsUnknownField(t *testing.T) {
	b, _ := os.ReadFile(goldenPath)
	mutated := bytes.Replace(b, []byte(`"version": 1,`), []byte(`"version": 1, "surprise": true,`), 1)
	dec := json.NewDecoder(bytes.NewReader(mutated))
	dec.DisallowUnknownFields()
	var p Profile
	if err := dec.Decode(&p); err == nil {
		t.Fatal("unknown top-level field accepted")
	}
}

// TestSchemaMatchesGoTypes walks the JSON schema and the Go types together: every object's
// properties equal the struct's JSON fields, and "required" lists exactly the fields without
// omitempty. This keeps probe/schema/profile-v1.schema.json and this package in step.
func TestSchemaMatchesGoTypes(t *testing.T) {
	b, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(b, &schema); err != nil {
		t.Fatal(err)
	}
	if schema["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
		t.Fatalf("unexpected $schema %v", schema["$schema"])
	}
	defs := schema["$defs"].(map[string]any)
	var walk func(path string, node map[string]any, typ reflect.Type)
	walk = func(path string, node map[string]any, typ reflect.Type) {
		if ref, ok := node["$ref"].(string); ok {
			node = defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		}
		for typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		switch typ.Kind() {
		case reflect.Struct:
			if node["additionalProperties"] != false {
				t.Errorf("%s: schema object must set additionalProperties: false", path)
			}
			props, _ := node["properties"].(map[string]any)
			var required []string
			for _, r := range node["required"].([]any) {
				required = append(required, r.(string))
			}
			var fields, wantRequired []string
			for i := 0; i < typ.NumField(); i++ {
				f := typ.Field(i)
				name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
				fields = append(fields, name)
				if !strings.Contains(opts, "omitempty") {
					wantRequired = append(wantRequired, name)
				}
				sub, ok := props[name].(map[string]any)
				if !ok {
					t.Errorf("%s.%s: in Go, missing from the schema", path, name)
					continue
				}
				walk(path+"."+name, sub, f.Type)
			}
			sort.Strings(fields)
			sort.Strings(required)
			sort.Strings(wantRequired)
			var schemaProps []string
			for k := range props {
				schemaProps = append(schemaProps, k)
			}
			sort.Strings(schemaProps)
			if !reflect.DeepEqual(fields, schemaProps) {
				t.Errorf("%s: Go fields %v, schema properties %v", path, fields, schemaProps)
			}
			if !reflect.DeepEqual(required, wantRequired) {
				t.Errorf("%s: schema required %v, Go non-omitempty %v", path, required, wantRequired)
			}
		case reflect.Slice:
			walk(path+"[]", node["items"].(map[string]any), typ.Elem())
		case reflect.Map:
			walk(path+"{}", node["additionalProperties"].(map[string]any), typ.Elem())
		}
	}
	walk("profile", schema, reflect.TypeOf(Profile{}))
}
