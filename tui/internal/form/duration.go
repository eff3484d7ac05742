package form

// RepeatedUnitMark is the short mark beside a field refused by
// engine.RepeatedUnit, for a form whose message line says the refusal in
// full.
const RepeatedUnitMark = "each unit once"
