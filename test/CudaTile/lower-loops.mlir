// loop/break/continue -> scf.while; exits inside if -> scf.if carrying the
// exit state (exited, go, iteration values, break values, if results).
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: nv_tileaa.func @plain
  // CHECK: scf.while : () -> () {
  // CHECK:   %[[F:.*]] = arith.constant false
  // CHECK:   scf.condition(%[[F]])
  // CHECK: } do {
  // CHECK-NEXT: scf.yield
  entry @plain() {
    loop {
      break
    }
    return
  }

  // The body is the "before" region; break values are extra results.
  // CHECK-LABEL: nv_tileaa.func @count
  // CHECK: %[[W:.*]]:2 = scf.while (%[[I:.*]] = %{{.*}}) : (i32) -> (i32, f32) {
  // CHECK:   %[[DONE:.*]] = arith.cmpi sge, %[[I]], %{{.*}} : i32
  // CHECK:   %[[IF:.*]]:4 = scf.if %[[DONE]] -> (i1, i1, i32, f32) {
  // CHECK:     scf.yield %true, %false, %[[I]], %{{.*}} : i1, i1, i32, f32
  // CHECK:   } else {
  // CHECK:     scf.yield %false{{.*}}, %false{{.*}}, %[[I]], %{{.*}} : i1, i1, i32, f32
  // CHECK:   %[[REST:.*]]:4 = scf.if %[[IF]]#0 -> (i1, i1, i32, f32) {
  // CHECK:     scf.yield %[[IF]]#0, %[[IF]]#1, %[[IF]]#2, %[[IF]]#3
  // CHECK:   } else {
  // CHECK:     %[[NEXT:.*]] = arith.addi %[[I]]
  // CHECK:     scf.yield %true{{.*}}, %true{{.*}}, %[[NEXT]], %{{.*}} : i1, i1, i32, f32
  // CHECK:   scf.condition(%[[REST]]#1) %[[REST]]#2, %[[REST]]#3 : i32, f32
  // CHECK: } do {
  // CHECK: ^bb0(%[[A:.*]]: i32, %{{.*}}: f32):
  // CHECK:   scf.yield %[[A]] : i32
  // CHECK: nv_tileaa.store %{{.*}}, %[[W]]#1 : !nv_tileaa.ptr<f32>, f32
  entry @count(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 2.0> : tile<f32>
    %l = loop iter_values(%i = %zero) : tile<i32> -> tile<f32> {
      %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %init : tile<f32>
      }
      %next = addi %i, %one : tile<i32>
      continue %next : tile<i32>
    }
    %t = store_ptr_tko weak %p, %l : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // A loop without break never leaves; tokens are not carried.
  // CHECK-LABEL: nv_tileaa.func @forever
  // CHECK: scf.while (%{{.*}} = %{{.*}}) : (tensor<4xf32>) -> tensor<4xf32> {
  // CHECK:   nv_tileaa.print "tick"
  // CHECK:   scf.condition(%true
  entry @forever() {
    %c = constant <f32: 1.0> : tile<4xf32>
    %t0 = make_token : token
    loop iter_values(%v = %c, %t = %t0) : tile<4xf32>, token {
      %t1 = print_tko "tick" token = %t -> token
      %w = addf %v, %v : tile<4xf32>
      continue %w, %t1 : tile<4xf32>, token
    }
    return
  }

  // An exit inside an if with a result, and an inner loop.
  // CHECK-LABEL: nv_tileaa.func @nested
  // CHECK: scf.while
  // CHECK:   scf.if %{{.*}} -> (i1, i1, i32, i32, i32) {
  // CHECK:   scf.while
  // CHECK:   scf.condition
  // CHECK:   scf.condition
  entry @nested(%n: tile<i32>, %p: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %r = loop iter_values(%i = %zero) : tile<i32> -> tile<i32> {
      %big = cmpi greater_than %i, %n, signed : tile<i32> -> tile<i1>
      %j = if %big -> (tile<i32>) {
        break %i : tile<i32>
      } else {
        %k = addi %i, %one : tile<i32>
        yield %k : tile<i32>
      }
      %inner = loop iter_values(%m = %j) : tile<i32> -> tile<i32> {
        break %m : tile<i32>
      }
      continue %inner : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // for with continue inside if: the scf.for body yields the iteration
  // part of the exit state.
  // CHECK-LABEL: nv_tileaa.func @skip
  // CHECK: %[[FOR:.*]] = scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) : i32 {
  // CHECK:   %[[S:.*]]:3 = scf.if %{{.*}} -> (i1, i1, f32) {
  // CHECK:     scf.yield %true{{.*}}, %true{{.*}}, %[[ACC]] : i1, i1, f32
  // CHECK:   %[[R:.*]]:3 = scf.if %[[S]]#0 -> (i1, i1, f32) {
  // CHECK:   } else {
  // CHECK:     nv_tileaa.addf %[[ACC]]
  // CHECK:   scf.yield %[[R]]#2 : f32
  entry @skip(%n: tile<i32>, %p: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %f0 = constant <f32: 0.0> : tile<f32>
    %f1 = constant <f32: 1.0> : tile<f32>
    %s = for %iv in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %f0) -> (tile<f32>) {
      %low = andi %iv, %one : tile<i32>
      %odd = cmpi equal %low, %one, signed : tile<i32> -> tile<i1>
      if %odd {
        continue %acc : tile<f32>
      }
      %a = addf %acc, %f1 : tile<f32>
      continue %a : tile<f32>
    }
    %t = store_ptr_tko weak %p, %s : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // return inside if: the rest of the kernel runs when the if did not exit.
  // CHECK-LABEL: nv_tileaa.func @early
  // CHECK: %[[S:.*]]:2 = scf.if %{{.*}} -> (i1, i1) {
  // CHECK:   scf.yield %true, %false
  // CHECK: } else {
  // CHECK:   scf.yield %false{{.*}}, %false
  // CHECK: scf.if %[[S]]#0 -> (i1, i1) {
  // CHECK: } else {
  // CHECK:   nv_tileaa.store
  // CHECK: nv_tileaa.return
  entry @early(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %neg = cmpi less_than %n, %zero, signed : tile<i32> -> tile<i1>
    if %neg {
      return
    }
    %t = store_ptr_tko weak %p, %n : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // return inside a for: the returned flag is an extra iteration value;
  // once set, the remaining iterations skip their bodies. After the loop
  // the rest of the kernel runs when it is not set.
  // CHECK-LABEL: nv_tileaa.func @for_return
  // CHECK: %[[FOR:.*]]:2 = scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[RET:.*]] = %false) -> (i32, i1)
  // CHECK:   %[[SKIP:.*]]:2 = scf.if %[[RET]] -> (i32, i1) {
  // CHECK:     scf.yield %[[ACC]], %[[RET]] : i32, i1
  // CHECK:   } else {
  // CHECK:     %[[S:.*]]:4 = scf.if %{{.*}} -> (i1, i1, i1, i32) {
  // CHECK:       nv_tileaa.store %{{.*}}, %[[ACC]]
  // CHECK:       scf.yield %true, %false{{.*}}, %true{{.*}}, %[[ACC]] : i1, i1, i1, i32
  // CHECK:     %[[R:.*]]:4 = scf.if %[[S]]#0 -> (i1, i1, i1, i32) {
  // CHECK:     } else {
  // CHECK:       %[[NEXT:.*]] = arith.addi %[[ACC]], %[[IV]]
  // CHECK:       scf.yield %true{{.*}}, %true{{.*}}, %false{{.*}}, %[[NEXT]] : i1, i1, i1, i32
  // CHECK:     scf.yield %[[R]]#3, %[[R]]#2 : i32, i1
  // CHECK:   scf.yield %[[SKIP]]#0, %[[SKIP]]#1 : i32, i1
  // CHECK: scf.if %[[FOR]]#1 -> (i1, i1) {
  // CHECK: } else {
  // CHECK:   nv_tileaa.store %{{.*}}, %[[FOR]]#0
  // CHECK: nv_tileaa.return
  entry @for_return(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %r = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %zero) -> (tile<i32>) {
      %big = cmpi greater_than %acc, %n, signed : tile<i32> -> tile<i1>
      if %big {
        %t = store_ptr_tko weak %p, %acc : tile<ptr<i32>>, tile<i32> -> token
        return
      }
      %a2 = addi %acc, %i : tile<i32>
      continue %a2 : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // return inside a loop: scf.while passes the returned flag out after the
  // break values; a return inside an inner loop leaves the outer one too.
  // CHECK-LABEL: nv_tileaa.func @loop_return
  // CHECK: %[[W:.*]]:3 = scf.while (%[[I:.*]] = %{{.*}}) : (i32) -> (i32, i32, i1) {
  // CHECK:   %[[IN:.*]]:3 = scf.while
  // CHECK:     scf.yield %true, %false{{.*}}, %true{{.*}}, %{{.*}}, %{{.*}} : i1, i1, i1, i32, i32
  // CHECK:     scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i1
  // CHECK:   %[[AFTER:.*]]:5 = scf.if %[[IN]]#2 -> (i1, i1, i1, i32, i32) {
  // CHECK:     scf.yield %true, %false{{.*}}, %true{{.*}}, %[[I]], %c0_i32{{.*}} : i1, i1, i1, i32, i32
  // CHECK:   } else {
  // CHECK:   scf.condition(%[[AFTER]]#1) %[[AFTER]]#3, %[[AFTER]]#4, %[[AFTER]]#2 : i32, i32, i1
  // CHECK: } do {
  // CHECK: ^bb0(%[[A:.*]]: i32, %{{.*}}: i32, %{{.*}}: i1):
  // CHECK:   scf.yield %[[A]] : i32
  // CHECK: scf.if %[[W]]#2 -> (i1, i1) {
  // CHECK: } else {
  // CHECK:   nv_tileaa.store %{{.*}}, %[[W]]#1
  entry @loop_return(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %r = loop iter_values(%i = %zero) : tile<i32> -> tile<i32> {
      %k = loop iter_values(%j = %i) : tile<i32> -> tile<i32> {
        %big = cmpi greater_than %j, %n, signed : tile<i32> -> tile<i1>
        if %big {
          return
        }
        break %j : tile<i32>
      }
      %i2 = addi %k, %one : tile<i32>
      %s = cmpi equal %i2, %n, signed : tile<i32> -> tile<i1>
      if %s {
        break %i2 : tile<i32>
      }
      continue %i2 : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
