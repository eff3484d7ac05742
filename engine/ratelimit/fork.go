package ratelimit

// Forking a limiter with other settings (issue 28). The engine forks a run
// partway (engine's Run.ForkInto): a sweep runs a prefix once and hands a
// copy of it to each cell whose knobs have not mattered yet. A limiter's
// settings have not mattered when a limiter built with the cell's, asked at
// the same moments, would have answered every call the same way and be in
// the same state now; Unused says when that holds, and Rebase hands the
// copy its new settings.
//
// Not refusing is not enough: how much is left differs with the limit
// even when every call got a permit, and a later call may find the
// difference. What does not differ, while every call got its permit at
// once, is how much has been taken: a period limiter's permits taken in the
// current cycle (its refresh puts every limit back at full at the same
// boundaries, as long as the period is the same), a token bucket's units
// below full (it refills by the same rate whatever its size, up to full).
// So each keeps, where it grants a permit at once, the most it has had
// taken (peak, debt): a limit that covers it would have granted every one
// of those permits at once too. A wait or a refusal ends it: the limit was
// reached, and another one would have decided otherwise.

// Unused reports whether a period limiter with cfg, asked when p was,
// would have granted every permit p granted as p did, and would now be p
// but for cfg: the refresh period is p's, no call has waited or been
// refused (so the wait allowed was never looked at), and no cycle had more
// permits taken than cfg's limit.
func (p *Period) Unused(cfg PeriodConfig) bool {
	if cfg == p.cfg {
		return true
	}
	if cfg.Validate() != nil || cfg.LimitRefreshPeriod != p.cfg.LimitRefreshPeriod || p.stats.Waited != 0 || p.stats.Refused != 0 {
		return false
	}
	return p.peak <= int64(cfg.LimitForPeriod)
}

// Rebase gives p the settings cfg, for which Unused(cfg) is true: the
// permits taken in the current cycle stay taken.
func (p *Period) Rebase(cfg PeriodConfig) {
	taken := int64(p.cfg.LimitForPeriod) - p.permissions
	p.cfg = cfg
	p.permissions = int64(cfg.LimitForPeriod) - taken
}

// Unused reports whether a token bucket with cfg, asked when b was, would
// have granted every permit b granted as b did, and would now be b but for
// cfg: the rate is b's, no call has waited or been refused (so the wait
// allowed was never looked at), and the bucket never fell further below
// full than cfg's burst holds.
func (b *Bucket) Unused(cfg BucketConfig) bool {
	if cfg == b.cfg {
		return true
	}
	if cfg.Validate() != nil || cfg.Rate != b.cfg.Rate || cfg.Per != b.cfg.Per || b.stats.Waited != 0 || b.stats.Refused != 0 {
		return false
	}
	return b.debt <= int64(cfg.Burst)*int64(cfg.Per)
}

// Rebase gives b the settings cfg, for which Unused(cfg) is true: the
// bucket is as far below its new full as it was below its old one.
func (b *Bucket) Rebase(cfg BucketConfig) {
	below := b.full - b.level
	b.cfg = cfg
	b.full = int64(cfg.Burst) * int64(cfg.Per)
	b.level = b.full - below
}
