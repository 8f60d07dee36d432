package netfmt

import "strings"

// Culture holds the NumberFormatInfo data of one .NET culture. The values are
// those .NET 8 reports on Linux, where culture data comes from ICU; Windows
// (NLS) differs in places such as the negative currency pattern of en-US.
// A Culture must not be modified after it is shared.
type Culture struct {
	// Name is the culture name as .NET spells it ("" for the invariant culture).
	Name string

	NumberDecimalSeparator string
	NumberGroupSeparator   string
	NumberGroupSizes       []int
	NumberDecimalDigits    int
	// NumberNegativePattern indexes "(n)", "-n", "- n", "n-", "n -".
	NumberNegativePattern int

	NegativeSign           string
	PositiveSign           string
	NaNSymbol              string
	PositiveInfinitySymbol string
	NegativeInfinitySymbol string
	PerMilleSymbol         string

	PercentSymbol           string
	PercentDecimalDigits    int
	PercentDecimalSeparator string
	PercentGroupSeparator   string
	PercentGroupSizes       []int
	// PercentPositivePattern indexes "n %", "n%", "%n", "% n".
	PercentPositivePattern int
	// PercentNegativePattern indexes "-n %", "-n%", "-%n", "%-n", "%n-",
	// "n-%", "n%-", "-% n", "n %-", "% n-", "% -n", "n- %".
	PercentNegativePattern int

	CurrencySymbol           string
	CurrencyDecimalDigits    int
	CurrencyDecimalSeparator string
	CurrencyGroupSeparator   string
	CurrencyGroupSizes       []int
	// CurrencyPositivePattern indexes "$n", "n$", "$ n", "n $".
	CurrencyPositivePattern int
	// CurrencyNegativePattern indexes "($n)", "-$n", "$-n", "$n-", "(n$)",
	// "-n$", "n-$", "n$-", "-n $", "-$ n", "n $-", "$ n-", "$ -n", "n- $",
	// "($ n)", "(n $)", "$- n".
	CurrencyNegativePattern int

	// DateTime is the culture's DateTimeFormatInfo data; nil means the
	// invariant culture's (see Dates).
	DateTime *DateTimeFormat
}

var group3 = []int{3}

// newCulture fills the fields most cultures share and lets the caller
// override the rest.
func newCulture(name, dec, grp string, edit func(c *Culture)) *Culture {
	c := &Culture{
		Name:                     name,
		NumberDecimalSeparator:   dec,
		NumberGroupSeparator:     grp,
		NumberGroupSizes:         group3,
		NumberDecimalDigits:      2,
		NumberNegativePattern:    1,
		NegativeSign:             "-",
		PositiveSign:             "+",
		NaNSymbol:                "NaN",
		PositiveInfinitySymbol:   "∞",
		NegativeInfinitySymbol:   "-∞",
		PerMilleSymbol:           "‰",
		PercentSymbol:            "%",
		PercentDecimalDigits:     2,
		PercentDecimalSeparator:  dec,
		PercentGroupSeparator:    grp,
		PercentGroupSizes:        group3,
		PercentPositivePattern:   1,
		PercentNegativePattern:   1,
		CurrencySymbol:           "¤",
		CurrencyDecimalDigits:    2,
		CurrencyDecimalSeparator: dec,
		CurrencyGroupSeparator:   grp,
		CurrencyGroupSizes:       group3,
		CurrencyPositivePattern:  0,
		CurrencyNegativePattern:  1,
	}
	if edit != nil {
		edit(c)
	}
	return c
}

// Invariant is CultureInfo.InvariantCulture.
var Invariant = newCulture("", ".", ",", func(c *Culture) {
	c.PositiveInfinitySymbol = "Infinity"
	c.NegativeInfinitySymbol = "-Infinity"
	c.PercentPositivePattern = 0
	c.PercentNegativePattern = 0
	c.CurrencyNegativePattern = 0
})

// Built-in cultures. Values marked "unsure" below are from memory of ICU
// data and have not been checked against a running .NET.
var (
	cultureEnUS = newCulture("en-US", ".", ",", func(c *Culture) {
		c.CurrencySymbol = "$"
		c.DateTime = enUSDates
	})
	cultureEnGB = newCulture("en-GB", ".", ",", func(c *Culture) {
		c.CurrencySymbol = "£"
	})
	cultureDeDE = newCulture("de-DE", ",", ".", func(c *Culture) {
		c.CurrencySymbol = "€"
		c.DateTime = deDEDates
		c.CurrencyPositivePattern = 3
		c.CurrencyNegativePattern = 8
		c.PercentPositivePattern = 0
		c.PercentNegativePattern = 0
	})
	// fr-FR groups with U+202F NARROW NO-BREAK SPACE (CLDR 34 and later).
	cultureFrFR = newCulture("fr-FR", ",", "\u202f", func(c *Culture) {
		c.CurrencySymbol = "€"
		c.DateTime = frFRDates
		c.CurrencyPositivePattern = 3
		c.CurrencyNegativePattern = 8
		c.PercentPositivePattern = 0
		c.PercentNegativePattern = 0
	})
	// ja-JP uses the fullwidth yen sign and no currency decimals.
	cultureJaJP = newCulture("ja-JP", ".", ",", func(c *Culture) {
		c.CurrencySymbol = "￥"
		c.CurrencyDecimalDigits = 0
	})
	// zh-CN: CurrencyNegativePattern 1 is unsure (NLS used 2, "$-n").
	cultureZhCN = newCulture("zh-CN", ".", ",", func(c *Culture) {
		c.CurrencySymbol = "¥"
	})
	// es-ES, it-IT, ru-RU, en-IN, hi-IN are extra and unsure in details.
	cultureEsES = newCulture("es-ES", ",", ".", func(c *Culture) {
		c.CurrencySymbol = "€"
		c.CurrencyPositivePattern = 3
		c.CurrencyNegativePattern = 8
		c.PercentPositivePattern = 0
		c.PercentNegativePattern = 0
	})
	cultureItIT = newCulture("it-IT", ",", ".", func(c *Culture) {
		c.CurrencySymbol = "€"
		c.CurrencyPositivePattern = 3
		c.CurrencyNegativePattern = 8
	})
	cultureRuRU = newCulture("ru-RU", ",", "\u00a0", func(c *Culture) {
		c.CurrencySymbol = "₽"
		c.CurrencyPositivePattern = 3
		c.CurrencyNegativePattern = 8
		c.PercentPositivePattern = 0
		c.PercentNegativePattern = 0
	})
	cultureEnIN = newCulture("en-IN", ".", ",", func(c *Culture) {
		c.CurrencySymbol = "₹"
		c.NumberGroupSizes = []int{3, 2}
		c.PercentGroupSizes = []int{3, 2}
		c.CurrencyGroupSizes = []int{3, 2}
	})
	// nl-NL (the docs' FormattableString sample) has number data only;
	// its currency patterns (€ 1,00 and € -1,00) are unsure.
	cultureNlNL = newCulture("nl-NL", ",", ".", func(c *Culture) {
		c.CurrencySymbol = "€"
		c.CurrencyPositivePattern = 2
		c.CurrencyNegativePattern = 12
	})
	cultureHiIN = newCulture("hi-IN", ".", ",", func(c *Culture) {
		c.CurrencySymbol = "₹"
		c.NumberGroupSizes = []int{3, 2}
		c.PercentGroupSizes = []int{3, 2}
		c.CurrencyGroupSizes = []int{3, 2}
	})
)

// cultures maps lower-cased names, including the neutral names that .NET
// resolves to the same number data, to cultures.
var cultures = map[string]*Culture{}

func init() {
	for _, c := range []*Culture{cultureEnUS, cultureEnGB, cultureDeDE, cultureFrFR, cultureJaJP,
		cultureZhCN, cultureEsES, cultureItIT, cultureRuRU, cultureEnIN, cultureHiIN, cultureNlNL} {
		cultures[strings.ToLower(c.Name)] = c
	}
	neutral := map[string]*Culture{"en": cultureEnUS, "de": cultureDeDE, "fr": cultureFrFR,
		"ja": cultureJaJP, "zh": cultureZhCN, "zh-hans": cultureZhCN, "zh-hans-cn": cultureZhCN,
		"es": cultureEsES, "it": cultureItIT, "ru": cultureRuRU, "hi": cultureHiIN, "nl": cultureNlNL}
	for name, c := range neutral {
		cultures[name] = c
	}
}

// LookupCulture finds a culture by name, ignoring case and accepting '_' for
// '-'. The empty name is the invariant culture. A neutral name such as "en"
// returns the data of its default specific culture but keeps the neutral
// name.
func LookupCulture(name string) (*Culture, bool) {
	if name == "" {
		return Invariant, true
	}
	key := strings.ToLower(strings.ReplaceAll(name, "_", "-"))
	c, ok := cultures[key]
	if !ok {
		return nil, false
	}
	if strings.ToLower(c.Name) != key {
		neutral := *c
		neutral.Name = canonicalCultureName(key)
		return &neutral, true
	}
	return c, true
}

// canonicalCultureName spells a name as .NET does: language lower case,
// script title case, region upper case.
func canonicalCultureName(key string) string {
	parts := strings.Split(key, "-")
	for i := 1; i < len(parts); i++ {
		switch len(parts[i]) {
		case 2:
			parts[i] = strings.ToUpper(parts[i])
		case 4:
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "-")
}

// CultureNotFound is the CultureNotFoundException new CultureInfo(name)
// throws for a name it does not know.
func CultureNotFound(name string) *FormatError {
	return &FormatError{
		Type: "CultureNotFoundException",
		Msg:  "Culture is not supported. (Parameter 'name')\n" + name + " is an invalid culture identifier.",
	}
}

// GetCulture is LookupCulture returning the CultureNotFoundException for
// unknown names.
func GetCulture(name string) (*Culture, error) {
	if c, ok := LookupCulture(name); ok {
		return c, nil
	}
	return nil, CultureNotFound(name)
}

func cultureOrInvariant(c *Culture) *Culture {
	if c == nil {
		return Invariant
	}
	return c
}
