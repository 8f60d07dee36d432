package lang

import "reflect"

// Copy returns a deep copy of the syntax tree rooted at n (a node, or a
// slice of statements) that shares no node with the original. Pointers
// shared inside the original stay shared in the copy (an await foreach's
// expansion holds its statement's body). copied, when not nil, is told of
// each copied pointer, original first.
func Copy[T any](n T, copied func(from, to any)) T {
	memo := map[uintptr]reflect.Value{}
	return copyValue(reflect.ValueOf(n), memo, copied).Interface().(T)
}

func copyValue(v reflect.Value, memo map[uintptr]reflect.Value, copied func(from, to any)) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		if c, ok := memo[v.Pointer()]; ok {
			return c
		}
		c := reflect.New(v.Type().Elem())
		memo[v.Pointer()] = c
		c.Elem().Set(copyValue(v.Elem(), memo, copied))
		if copied != nil {
			copied(v.Interface(), c.Interface())
		}
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(copyValue(v.Elem(), memo, copied))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			c.Index(i).Set(copyValue(v.Index(i), memo, copied))
		}
		return c
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			c.SetMapIndex(it.Key(), copyValue(it.Value(), memo, copied))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		for i := 0; i < v.NumField(); i++ {
			if c.Field(i).CanSet() {
				c.Field(i).Set(copyValue(v.Field(i), memo, copied))
			}
		}
		return c
	}
	return v
}
