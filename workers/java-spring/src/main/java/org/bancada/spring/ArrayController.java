package org.bancada.spring;

import java.util.Random;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The paper's handler (java-http/.../ArrayController.java), unchanged but for its second route:
 * the body is a bare JSON array of ints, bound by Jackson into {@code int[]}; three elements at
 * random positions are printed (to stderr, see {@link WorkerApplication}) and the answer is -1.
 */
@RestController
public class ArrayController {
    @PostMapping({"/foo", "/v1/select-array"})
    public int helloWorld(@RequestBody int[] numbers) {
        for (int i = 0; i < 3; i++) {
            Random r = new Random();
            int pos = r.nextInt(numbers.length);
            System.out.println(numbers[pos]);
        }
        return -1;
    }
}
